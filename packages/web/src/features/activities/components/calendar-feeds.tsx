import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { CopyButton } from '../../../components/copy-button';
import { BannerAlert } from '../../../components/dismissible-alert';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import type { Banner } from '../../../lib/banner';
import { useCalendarFeeds, useResetCalendarFeed } from '../api/activities-api';
import { ACTIVITY_TEXTS as T } from '../texts';

interface Feed {
  /** null: the family's own feed. */
  sectionId: number | null;
  name: string;
  url: string;
}

/**
 * The private calendar feeds on /actividades: the family's (their children's activities) and a
 * scouter's sections', each with «Copiar» and «Restablecer enlace». Nothing when there is none.
 */
export function CalendarFeeds() {
  const ids = useId();
  const feeds = useCalendarFeeds();
  const reset = useResetCalendarFeed();
  const [target, setTarget] = useState<Feed | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  if (feeds.isPending) return null;
  if (feeds.isError) {
    return <BannerAlert banner={{ variant: 'danger', message: feeds.error.message }} />;
  }
  const list: Feed[] = [
    ...(feeds.data.family ? [{ sectionId: null, name: T.familyFeed, url: feeds.data.family }] : []),
    ...feeds.data.sections.map((s) => ({
      sectionId: s.section.id,
      name: T.sectionFeed(s.section.name),
      url: s.url,
    })),
  ];
  if (list.length === 0) return null;

  const confirm = async () => {
    if (!target) return;
    try {
      await reset.mutateAsync(target.sectionId);
      setBanner({ variant: 'success', message: T.resetDone });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
    setTarget(null);
  };

  return (
    <Card as="section" className="shadow-sm border-0" aria-labelledby={`${ids}-title`}>
      <Card.Body>
        <h2 className="h5 mb-2" id={`${ids}-title`}>
          {T.feedsTitle}
        </h2>
        <p className="small text-body-secondary">
          {feeds.data.family ? T.feedsIntro : T.feedsIntroSections}
        </p>
        <BannerAlert banner={banner} onClose={() => setBanner(null)} />
        {list.map((feed, index) => (
          <div key={feed.sectionId ?? 'family'} className={index > 0 ? 'mt-3 pt-3 border-top' : ''}>
            {feed.sectionId !== null && index === 1 && feeds.data.family && (
              <p className="small text-body-secondary">{T.sectionFeedsIntro}</p>
            )}
            <Form.Group controlId={`${ids}-${feed.sectionId ?? 'family'}`}>
              <Form.Label className="fw-semibold">{feed.name}</Form.Label>
              <Form.Control
                readOnly
                value={feed.url}
                onFocus={(event) => event.currentTarget.select()}
              />
            </Form.Group>
            <div className="d-flex flex-wrap gap-2 mt-2">
              <CopyButton text={feed.url} label={T.copy} />
              <Button variant="outline-danger" size="sm" onClick={() => setTarget(feed)}>
                {T.reset}
              </Button>
            </div>
          </div>
        ))}
      </Card.Body>
      <ConfirmModal
        show={!!target}
        title={T.resetTitle}
        body={<p>{T.resetBody}</p>}
        confirmLabel={T.resetConfirm}
        busyLabel={T.resetting}
        busy={reset.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(null)}
      />
    </Card>
  );
}
