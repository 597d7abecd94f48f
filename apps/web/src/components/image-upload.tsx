import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type DragEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImageFile, IMAGE_ACCEPT } from './image-rules';

export interface ImageUploadProps {
  /** A picked File, the URL of the current image ('/uploads/….webp'), or null. */
  value: File | string | null;
  /** The new File, or null when removed. Invalid files are refused here (message under the box). */
  onChange: (file: File | null) => void;
  label?: ReactNode;
  /** An error to show (e.g. the server's field message). */
  error?: string;
  helperText?: ReactNode;
  /** CSS aspect ratio of the box (docs/spec.md §9 ratios: '1/1', '4/3', '16/9', '21/9'). */
  aspectRatio?: string;
  /** Width of the box (default 160 px). */
  width?: number | string;
  disabled?: boolean;
}

/** The preview URL of a File (revoked when it changes) or the given URL. */
function usePreview(value: File | string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!(value instanceof Blob)) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(value);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [value]);
  return typeof value === 'string' ? value || null : url;
}

/**
 * Pick an image (PNG, JPEG, WebP, GIF, ≤ 5 MB, checked here too), preview it, remove it. The File goes
 * into a FormData for the multipart call (see `toFormData` in components/form).
 *
 *   <ImageUpload value={logo} onChange={setLogo} label={t('fields.logo')} />
 */
export function ImageUpload({
  value,
  onChange,
  label,
  error,
  helperText,
  aspectRatio = '1/1',
  width = 160,
  disabled,
}: ImageUploadProps) {
  const { t } = useTranslation('components');
  const inputId = useId();
  const preview = usePreview(value);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const issue = checkImageFile(file);
    if (issue) {
      setProblem(t(`image.${issue}`));
      return;
    }
    setProblem(null);
    onChange(file);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) pick(e.dataTransfer.files?.[0]);
  };

  const message = problem ?? error;
  return (
    <Box>
      {label ? (
        <Typography component="label" htmlFor={inputId} variant="subtitle2" sx={{ display: 'block', mb: 1 }}>
          {label}
        </Typography>
      ) : null}
      <Box sx={{ position: 'relative', width, maxWidth: '100%' }}>
        <Box
          component="label"
          htmlFor={inputId}
          onDragOver={(e: DragEvent) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={(theme) => ({
            aspectRatio,
            width: 1,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            borderRadius: 2,
            overflow: 'hidden',
            cursor: disabled ? 'default' : 'pointer',
            color: 'text.secondary',
            textAlign: 'center',
            bgcolor: alpha(theme.palette.grey[500], dragging ? 0.16 : 0.08),
            border: `1px dashed ${message ? theme.palette.error.main : alpha(theme.palette.grey[500], 0.32)}`,
            transition: theme.transitions.create(['background-color']),
            '&:hover': disabled ? undefined : { bgcolor: alpha(theme.palette.grey[500], 0.16) },
            '&:focus-within': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          })}
        >
          {preview ? (
            <Box
              component="img"
              src={preview}
              alt={t('image.previewAlt')}
              sx={{ width: 1, height: 1, objectFit: 'cover' }}
            />
          ) : (
            <>
              <AddPhotoAlternateOutlinedIcon />
              <Typography variant="caption" sx={{ px: 1 }}>
                {t('image.pick')}
              </Typography>
            </>
          )}
          <input
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={disabled}
            aria-invalid={!!message}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = ''; // the same file can be picked again after a removal
            }}
          />
        </Box>
        {preview && !disabled ? (
          <IconButton
            size="small"
            aria-label={t('image.remove')}
            onClick={() => {
              setProblem(null);
              onChange(null);
            }}
            sx={(theme) => ({
              position: 'absolute',
              top: 6,
              right: 6,
              color: 'common.white',
              bgcolor: alpha(theme.palette.grey[900], 0.56),
              '&:hover': { bgcolor: alpha(theme.palette.grey[900], 0.72) },
            })}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Box>
      <FormHelperText error={!!message}>{message ?? helperText ?? t('image.hint')}</FormHelperText>
    </Box>
  );
}
