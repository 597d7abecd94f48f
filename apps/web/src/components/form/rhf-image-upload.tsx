import { type Control, type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';
import { ImageUpload, type ImageUploadProps } from '../image-upload';

export type RHFImageUploadProps<T extends FieldValues> = Omit<ImageUploadProps, 'value' | 'onChange' | 'error'> & {
  name: FieldPath<T>;
  control?: Control<T>;
};

/** `ImageUpload` bound to a field holding a File, the current URL, or null. */
export function RHFImageUpload<T extends FieldValues>({ name, control, ...props }: RHFImageUploadProps<T>) {
  const context = useFormContext<T>();
  const { field, fieldState } = useController({ name, control: control ?? context.control });
  return (
    <ImageUpload
      {...props}
      value={(field.value as File | string | null | undefined) ?? null}
      onChange={(file) => field.onChange(file)}
      error={fieldState.error?.message}
    />
  );
}
