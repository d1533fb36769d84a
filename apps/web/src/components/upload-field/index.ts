/**
 * Choosing one file: click or drop, accept list and size limit checked with localised errors,
 * image preview, name and size, remove, progress while it is sent.
 *
 * ```tsx
 * const upload = useUploadProgress();
 * const onSubmit = async ({ list_name, list_file }: Values) => {
 *   const body = new FormData();
 *   body.append('list_name', list_name);
 *   body.append('list_file', list_file);
 *   await api.upload('POST', '/marketing/email-external-lists', body, { onProgress: upload.onProgress }).finally(upload.reset);
 * };
 * <Form form={form} labels="email-lists" onSubmit={onSubmit}>
 *   <FormUploadField name="list_file" accept={acceptPresets.excel} maxSize={10 * 1024 ** 2} progress={upload.percent} />
 * </Form>
 * ```
 */

export { FormUploadField, type FormUploadFieldProps } from './FormUploadField';
export { acceptPresets, describeAccept, formatBytes, isAccepted } from './file-rules';
export { UploadField, type UploadFieldProps } from './UploadField';
export { useUploadProgress } from './use-upload-progress';
