import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field';

type Pair<T> = readonly [password: T, confirmation: T];

interface NewPasswordFieldsProps {
  /** The fields' ids are `${idPrefix}-password` and `${idPrefix}-confirm`. */
  idPrefix: string;
  labels: Pair<string>;
  fields: Pair<UseFormRegisterReturn>;
  errors: Pair<string | undefined>;
}

/** A new password and its confirmation: hidden as typed, offered to password managers as new. */
export function NewPasswordFields({ idPrefix, labels, fields, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        error={errors[0]}
        {...fields[0]}
      />
      <FormField
        id={`${idPrefix}-confirm`}
        label={labels[1]}
        type="password"
        autoComplete="new-password"
        error={errors[1]}
        {...fields[1]}
      />
    </>
  );
}
