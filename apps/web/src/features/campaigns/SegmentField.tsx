import type { SegmentFilter } from '@avlu/contracts';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldLabel } from '../../lib/form/form-context';
import { usePermissions } from '../../lib/permissions';
import { SegmentCount } from '../customers/filter/SegmentCount';
import { SegmentFilterBuilder } from '../customers/filter/SegmentFilterBuilder';
import { compileDraft, type Draft, draftOf } from '../customers/filter/segment-draft';

/** A change in the builder reaches the count once the user pauses, as on the customer list. */
const COUNT_DELAY = 400;

/**
 * The campaign's target segment in the customers' filter language, built with the customer list's
 * builder and counted live (`/customer/count`) for a role that may read the customer list. The form
 * value is the finished conditions, or null for everyone.
 */
export const SegmentField = <T extends FieldValues>({
  name,
  emptyText,
}: {
  name: Parameters<typeof useController<T>>[0]['name'];
  /** What the builder says with no condition, already translated; by default, the campaign's words. */
  emptyText?: string;
}) => {
  const { t } = useTranslation('campaigns');
  const { field, fieldState } = useController<T>({ name });
  const label = useFieldLabel(name);
  const canCount = usePermissions().canUseSubject('modules:customers:customer-list');
  const [draft, setDraft] = useState<Draft>(() => draftOf((field.value as SegmentFilter | null) ?? []));
  const compiled = useMemo(() => compileDraft(draft), [draft]);
  const [counted, setCounted] = useState(compiled);

  const change = (next: Draft) => {
    setDraft(next);
    const filter = compileDraft(next);
    field.onChange(filter.length ? filter : null);
  };
  useEffect(() => {
    const timer = setTimeout(() => setCounted(compiled), COUNT_DELAY);
    return () => clearTimeout(timer);
  }, [compiled]);

  return (
    <>
      <SegmentFilterBuilder
        draft={draft}
        onChange={change}
        title={label}
        emptyText={emptyText ?? t('form.segmentNone')}
        summary={canCount ? <SegmentCount filter={counted} /> : undefined}
      />
      {fieldState.error?.message && (
        <Typography variant="caption" color="error" role="alert">
          {fieldState.error.message}
        </Typography>
      )}
    </>
  );
};
