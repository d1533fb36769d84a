/**
 * Forms from contracts schemas: the same rules and the same words as the server, in Turkish or English.
 *
 * ```tsx
 * const form = useZodForm(pointProviderInput, { defaultValues: { point_provider_name: '', priority: 1 } });
 * const create = pointProviders.useCreate({ error: false }); // the form shows the error itself
 * <Form form={form} labels="point-providers" onSubmit={(values) => create.mutateAsync(values)}>
 *   <TextField name="point_provider_name" />              // label: t('point-providers:fields.point_provider_name')
 *   <NumberField name="priority" hint="point-providers:priorityHint" />
 *   <SelectField name="type" options={types.map((v) => ({ value: v, label: t(`point-providers:types.${v}`) }))} />
 *   <DateField name="start_date" />                        // typed DD/MM/YYYY, held as YYYY-MM-DD
 *   <DateTimeField name="starts_at" />                      // typed DD-MM-YYYY HH:mm in Istanbul, held as an ISO moment
 *   <SubmitButton />
 * </Form>
 * ```
 *
 * A rejected submit (`ApiError` with `fields`) puts each message under its field; other errors and
 * fields not on screen appear in an alert above the form.
 */
export { DateField, type DateFieldProps } from './DateField';
export { DateTimeField, type DateTimeFieldProps } from './DateTimeField';
export { Form, type FormProps } from './Form';
export { UnsavedChangesGuard } from './leave-guard';
export { NumberField } from './NumberField';
export { PasswordField } from './PasswordField';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
export { SubmitButton } from './SubmitButton';
export { TextField, type TextFieldProps } from './TextField';
export { CheckboxField, SwitchField } from './ToggleField';
export { type BoundFieldProps, useFormField } from './use-form-field';
export { useZodForm, type ZodFormOptions } from './use-zod-form';
export { zodFormResolver } from './zod-form-resolver';
