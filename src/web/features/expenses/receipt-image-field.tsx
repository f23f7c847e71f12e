import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { CameraIcon, ImageIcon, XIcon } from 'lucide-react';
import { RECEIPT_IMAGE_MAX_BYTES } from '#shared/api/expenses-limits.ts';
import { RECEIPT_IMAGE_ACCEPT, mayBeReceiptImage } from '#shared/api/image-types.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { Label } from '../../components/ui/label.tsx';
import { ApiError, errorText, NETWORK_FAILURE } from '../../lib/api.ts';
import { uploadReceiptImage } from './queries.ts';

const texts = sv.expenses;
// A phone or tablet: there "Ta foto" opens the camera straight away, while "Välj bild" keeps the photo library.
const hasCamera = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/** Why a chosen file cannot be a receipt image, said before uploading; the server checks the bytes again. */
export function receiptImageProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!mayBeReceiptImage(file)) return texts.imageNotImage;
  if (file.size > RECEIPT_IMAGE_MAX_BYTES) return texts.imageTooLarge;
  return null;
}

/** The chosen file, emptying the input so choosing the same file again still counts as a change. */
function takeFile(input: HTMLInputElement): File | undefined {
  const file = input.files?.[0];
  input.value = '';
  return file;
}

interface Props {
  groupId: string;
  imageId: string | null;
  onChange: (imageId: string | null) => void;
  /** The saved image's thumbnail when editing, shown until another image is chosen. */
  savedThumbnailUrl?: string | null;
  onBusyChange?: (busy: boolean) => void;
  /** Uploaded as if chosen, once, when the field first shows (a photo shared into Kvitt). */
  initialFile?: File | null;
  /**
   * Without a connection the photo is kept instead of uploaded and handed here (null when removed); the wizard
   * queues it with the expense (decision 053). Without this prop a failed upload is shown as an error.
   */
  onKeptOffline?: (file: File | null) => void;
  /** The wizard's photo-first step 1: on a phone the camera is the main action, "Fota kvittot" (decision 044). */
  cameraFirst?: boolean;
}

/**
 * "Kvittobild": uploaded as soon as it is chosen, so a wrong file is refused on step 1 and nothing typed is lost;
 * the expense then carries only the image's id. The file input hides behind a labelled button.
 */
export function ReceiptImageField({
  groupId,
  imageId,
  onChange,
  savedThumbnailUrl = null,
  onBusyChange,
  initialFile = null,
  onKeptOffline,
  cameraFirst = false,
}: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [touch] = useState(hasCamera);
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const [previewBroken, setPreviewBroken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [kept, setKept] = useState(false);
  const previewUrl = preview?.url;
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const reason = receiptImageProblem(file);
    setProblem(reason);
    if (reason) return;
    const keep = () => {
      setPreview({ url: URL.createObjectURL(file), name: file.name });
      setPreviewBroken(false);
      setKept(true);
      onChange(null);
      onKeptOffline?.(file);
    };
    if (onKeptOffline && !navigator.onLine) {
      keep();
      return;
    }
    setBusy(true);
    onBusyChange?.(true);
    try {
      const uploaded = await uploadReceiptImage(groupId, file);
      setPreview({ url: URL.createObjectURL(file), name: file.name });
      setPreviewBroken(false);
      setKept(false);
      onKeptOffline?.(null);
      onChange(uploaded);
    } catch (error) {
      if (onKeptOffline && error instanceof ApiError && error.status === NETWORK_FAILURE) keep();
      else setProblem(errorText(error));
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };
  const initialTaken = useRef(false);
  const takeInitialFile = useEffectEvent(() => {
    if (initialFile && !initialTaken.current) void choose(initialFile);
    initialTaken.current = true;
  });
  useEffect(() => takeInitialFile(), []);
  const shown = preview?.url ?? (imageId ? savedThumbnailUrl : null);

  return (
    <div className="ui-field">
      <Label htmlFor={inputId}>{texts.fields.image}</Label>
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted text-muted-foreground">
          {busy ? <Spinner label={texts.imageUploading} /> : null}
          {!busy && shown && !previewBroken ? (
            <img
              src={shown}
              alt={texts.imagePreviewAlt}
              className="size-full object-cover"
              onError={() => setPreviewBroken(true)}
            />
          ) : null}
          {!busy && (!shown || previewBroken) ? <ImageIcon aria-hidden className="size-6" /> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {touch ? (
            <Button
              variant={cameraFirst ? 'default' : 'outline'}
              size={cameraFirst ? 'md' : 'sm'}
              disabled={busy}
              onClick={() => camera.current?.click()}
            >
              {cameraFirst ? <CameraIcon aria-hidden /> : null}
              {cameraFirst ? sv.assist.scan.photoFirst : sv.assist.scan.takePhoto}
            </Button>
          ) : null}
          <Button
            variant="outline"
            size={cameraFirst && touch ? 'md' : 'sm'}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {texts.imageChoose}
          </Button>
          {(imageId || kept) && !busy ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setPreview(null);
                setKept(false);
                onChange(null);
                onKeptOffline?.(null);
              }}
            >
              <XIcon aria-hidden />
              {texts.imageRemove}
            </Button>
          ) : null}
        </div>
      </div>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={RECEIPT_IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => void choose(takeFile(event.target))}
      />
      {touch ? (
        // `capture` makes phones open the camera directly, without the library: hence a second input of its own, reached
        // only through the "Ta foto" button so screen readers do not meet it twice.
        <input
          ref={camera}
          type="file"
          // Exactly image/*: Chrome on Android opens the camera for `capture` only with that accept, never with a list.
          // A camera photo is a JPEG, and the server checks the bytes either way.
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => void choose(takeFile(event.target))}
        />
      ) : null}
      <p id={`${inputId}-hint`} className="ui-field-hint">
        {preview && (imageId || kept) ? preview.name : texts.imageHint}
      </p>
      {problem ? (
        <p role="alert" className="ui-field-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
