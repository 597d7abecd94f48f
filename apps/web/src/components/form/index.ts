export { toFormData } from './form-data';
export { FormPage, type FormPageProps } from './form-page';
export { type RecordBlockOptions, recordBlock } from './record-block';
export { RHFImageUpload } from './rhf-image-upload';
export { RHFMultiSelect } from './rhf-multi-select';
export { RHFSelect, type SelectOption } from './rhf-select';
export { RHFSwitch } from './rhf-switch';
export { RHFTextField } from './rhf-text-field';
export { applyServerErrors, mapServerErrors } from './server-errors';
