import type { Section } from '@fogata/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { AdminNav } from '../../../components/admin-nav';
import { ConfirmModal } from '../../../components/confirm-modal';
import { type Banner, BannerAlert } from '../../../components/dismissible-alert';
import { LoadState, TableHead } from '../../../components/load-state';
import { SectionBadge } from '../../../components/section-badge';
import { useSections } from '../../../lib/sections-api';
import { useSaveSection, useSectionScouters } from '../api/families';
import { SectionFormModal } from '../components/section-form-modal';
import { SectionScoutersModal } from '../components/section-scouters-modal';
import { SECTIONS_TEXTS as T } from '../texts';

/** The names of a section's scouters (one small read a section: a group has a handful). */
function ScouterNames({ id }: { id: number }) {
  const scouters = useSectionScouters(id);
  if (scouters.isPending) return <span className="text-body-secondary">…</span>;
  if (scouters.isError) return <span className="text-danger">{scouters.error.message}</span>;
  if (scouters.data.length === 0) {
    return <span className="text-body-secondary">{T.noScouters}</span>;
  }
  return <span className="text-break">{scouters.data.map((s) => s.name).join(', ')}</span>;
}

/** /admin/secciones: the group's sections, for admins: add, edit, retire, assign scouters. */
export function SectionsPage() {
  const sections = useSections(true);
  const save = useSaveSection();
  const [form, setForm] = useState<{ section: Section | null } | null>(null);
  const [scouters, setScouters] = useState<Section | null>(null);
  const [retiring, setRetiring] = useState<Section | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  const setRetired = async (section: Section, retired: boolean) => {
    setBanner(null);
    try {
      const result = await save.mutateAsync({ id: section.id, input: { retired } });
      setBanner({ variant: 'success', message: result.message });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    } finally {
      setRetiring(null);
    }
  };

  let body: React.ReactNode;
  if (sections.isPending || sections.isError) {
    body = <LoadState query={sections} />;
  } else if (sections.data.length === 0) {
    body = <p className="text-body-secondary">{T.empty}</p>;
  } else {
    body = (
      <Table hover className="table-cards mb-0 align-middle">
        <TableHead columns={[T.name, T.ages, T.order, T.scouters, T.status, T.actions]} />
        <tbody>
          {sections.data.map((s) => (
            <tr key={s.id}>
              <td data-label={T.name}>
                <SectionBadge section={s} className="fs-6" />
              </td>
              <td data-label={T.ages} className="text-nowrap">
                {T.agesValue(s.min_age, s.max_age)}
              </td>
              <td data-label={T.order}>{s.position}</td>
              <td data-label={T.scouters}>
                <ScouterNames id={s.id} />
              </td>
              <td data-label={T.status}>
                <Badge bg={s.retired ? 'secondary' : 'success'}>
                  {s.retired ? T.retired : T.inUse}
                </Badge>
              </td>
              <td data-label={T.actions}>
                <div className="d-flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline-dark"
                    onClick={() => setForm({ section: s })}
                    aria-label={T.editLabel(s.name)}
                  >
                    {T.edit}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-dark"
                    onClick={() => setScouters(s)}
                    aria-label={T.assignLabel(s.name)}
                  >
                    {T.assign}
                  </Button>
                  {s.retired ? (
                    <Button
                      size="sm"
                      variant="outline-success"
                      onClick={() => setRetired(s, false)}
                      disabled={save.isPending}
                      aria-label={T.restoreLabel(s.name)}
                    >
                      {T.restore}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setRetiring(s)}
                      aria-label={T.retireLabel(s.name)}
                    >
                      {T.retire}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <>
      <h1 className="h2 mb-3">{T.title}</h1>
      <AdminNav />
      <p className="text-body-secondary">{T.intro}</p>
      <div className="d-flex justify-content-end mb-3">
        <Button variant="success" onClick={() => setForm({ section: null })}>
          {T.add}
        </Button>
      </div>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {body}
      <SectionFormModal
        show={form !== null}
        section={form?.section ?? null}
        onHide={() => setForm(null)}
        onSaved={(message) => {
          setForm(null);
          setBanner({ variant: 'success', message });
        }}
      />
      {scouters && (
        <SectionScoutersModal
          section={scouters}
          onHide={() => setScouters(null)}
          onSaved={(message) => {
            setScouters(null);
            setBanner({ variant: 'success', message });
          }}
        />
      )}
      <ConfirmModal
        show={retiring !== null}
        title={retiring ? T.retireTitle(retiring.name) : ''}
        body={<p>{T.retireBody}</p>}
        reversible
        confirmLabel={T.retireConfirm}
        busyLabel={T.retiring}
        busy={save.isPending}
        onConfirm={() => retiring && setRetired(retiring, true)}
        onCancel={() => setRetiring(null)}
      />
    </>
  );
}
