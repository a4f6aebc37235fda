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
  return (['password', 'confirm'] as const).map((name, i) => (
    <FormField
      key={name}
      id={`${idPrefix}-${name}`}
      label={labels[i]}
      type="password"
      autoComplete="new-password"
      error={errors[i]}
      {...fields[i]}
    />
  ));
}
