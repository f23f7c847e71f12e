import { useEffect, useId, useRef, useState } from 'react';
import { ImageIcon, XIcon } from 'lucide-react';
import { GROUP_IMAGE_MAX_BYTES } from '#shared/api/groups-limits.ts';
import { GROUP_IMAGE_ACCEPT, GROUP_IMAGE_TYPES } from '#shared/api/image-types.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';

const texts = sv.groups.create;

/** Why a chosen file cannot be the group image, checked before upload so nothing else in the form is lost. */
export function imageProblem(file: File): string | null {
  if (!(GROUP_IMAGE_TYPES as readonly string[]).includes(file.type)) return texts.imageWrongType;
  if (file.size > GROUP_IMAGE_MAX_BYTES) return texts.imageTooLarge;
  return null;
}

/** A chosen image with its preview URL, made once when chosen and released when replaced or left behind. */
export interface PickedImage {
  file: File;
  previewUrl: string;
}

interface Props {
  image: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
}

/** An optional image with a preview; the real file input is visually hidden behind a labelled button. */
export function ImagePicker({ image, onChange }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = image?.previewUrl;
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const reason = imageProblem(chosen);
    setProblem(reason);
    if (!reason) onChange({ file: chosen, previewUrl: URL.createObjectURL(chosen) });
    if (input.current) input.current.value = '';
  };
  const file = image?.file;

  return (
    <div className="ui-field">
      <Label htmlFor={inputId}>{texts.image}</Label>
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted text-muted-foreground">
          {previewUrl ? (
            <img src={previewUrl} alt="" className="size-full object-cover" />
          ) : (
            <ImageIcon aria-hidden className="size-6" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            {file ? texts.changeImage : texts.chooseImage}
          </Button>
          {file ? (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              <XIcon aria-hidden />
              {texts.removeImage}
            </Button>
          ) : null}
        </div>
      </div>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={GROUP_IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <p id={`${inputId}-hint`} className="ui-field-hint">
        {file ? file.name : texts.imageHint}
      </p>
      {problem ? (
        <p role="alert" className="ui-field-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
