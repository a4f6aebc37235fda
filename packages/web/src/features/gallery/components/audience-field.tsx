import type { SectionRef } from '@fogata/shared';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { badgeColours } from '../../../lib/readable-text-colour';
import { useAudienceChoices } from '../api/get-audience-choices';
import { GALLERY_TEXTS as T } from '../texts';

/** What the modal holds: the whole group, or the sections ticked (possibly none yet). */
export interface AudienceValue {
  wholeGroup: boolean;
  sections: number[];
}

/** The value an album starts with: its audience, or the whole group for a new one. */
export function initialAudience(audience: SectionRef[] | undefined): AudienceValue {
  const sections = (audience ?? []).map((section) => section.id);
  return { wholeGroup: sections.length === 0, sections };
}

/** The section ids to send (empty: the whole group); null while 'some sections' has none. */
export function audienceToSend(value: AudienceValue): number[] | null {
  if (value.wholeGroup) return [];
  if (value.sections.length === 0) return null;
  return [...value.sections].sort((a, b) => a - b);
}

/** Whether two audiences to send differ. */
export function sameAudience(a: number[] | null, b: number[] | null): boolean {
  return a !== null && b !== null && a.length === b.length && a.every((id, i) => id === b[i]);
}

interface AudienceFieldProps {
  value: AudienceValue;
  onChange: (value: AudienceValue) => void;
  /** The album's current sections: kept as choices even when retired or not the manager's. */
  current: SectionRef[];
  disabled?: boolean;
}

/**
 * 'Quién lo ve' in the album modals (decision 054): the whole group, or one or more sections, each
 * a checkbox with its colour. The sections offered are the manager's (all in use for an admin,
 * their own for a scouter) plus those the album already has.
 */
export function AudienceField({ value, onChange, current, disabled }: AudienceFieldProps) {
  const ids = useId();
  const choices = useAudienceChoices();
  const offered = [...(choices.data ?? [])];
  for (const section of current) {
    if (!offered.some((s) => s.id === section.id)) offered.push(section);
  }
  const noneChosen = !value.wholeGroup && value.sections.length === 0;
  const canChoose = offered.length > 0;

  const toggle = (id: number, checked: boolean) =>
    onChange({
      wholeGroup: false,
      sections: checked
        ? [...value.sections, id]
        : value.sections.filter((section) => section !== id),
    });

  return (
    <fieldset className="mt-3" disabled={disabled}>
      <legend className="form-label fs-6 mb-1">{T.audienceLegend}</legend>
      <Form.Check
        type="radio"
        id={`${ids}-whole`}
        name={`${ids}-audience`}
        label={T.audienceWholeGroup}
        checked={value.wholeGroup}
        onChange={() => onChange({ ...value, wholeGroup: true })}
      />
      {canChoose && (
        <Form.Check
          type="radio"
          id={`${ids}-some`}
          name={`${ids}-audience`}
          label={T.audienceSomeSections}
          checked={!value.wholeGroup}
          onChange={() => onChange({ ...value, wholeGroup: false })}
        />
      )}
      {canChoose && !value.wholeGroup && (
        <fieldset className="ps-3 mt-1" aria-describedby={noneChosen ? `${ids}-none` : undefined}>
          <legend className="visually-hidden">{T.audienceSectionsLegend}</legend>
          {offered.map((section) => (
            <Form.Check key={section.id} id={`${ids}-section-${section.id}`} className="mb-1">
              <Form.Check.Input
                type="checkbox"
                checked={value.sections.includes(section.id)}
                onChange={(event) => toggle(section.id, event.target.checked)}
              />
              <Form.Check.Label className="d-inline-flex align-items-center gap-2">
                <span
                  className="rounded-circle border flex-shrink-0"
                  style={{ width: '0.85rem', height: '0.85rem', ...badgeColours(section.colour) }}
                  aria-hidden="true"
                />
                {section.name}
              </Form.Check.Label>
            </Form.Check>
          ))}
          {noneChosen && (
            <Form.Text id={`${ids}-none`} className="d-block text-danger">
              {T.audienceNoneChosen}
            </Form.Text>
          )}
        </fieldset>
      )}
      {choices.isPending && <Form.Text className="d-block">{T.audienceLoading}</Form.Text>}
      {choices.isError && <Form.Text className="d-block">{T.audienceLoadFailed}</Form.Text>}
      {choices.isSuccess && !canChoose && (
        <Form.Text className="d-block">{T.audienceNoChoices}</Form.Text>
      )}
      {canChoose && <Form.Text className="d-block">{T.audienceHelp}</Form.Text>}
    </fieldset>
  );
}
