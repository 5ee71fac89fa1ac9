import { ArrowDown, ArrowUp, ImagePlus, RefreshCw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { cn } from '../../lib/cn';
import { labelClasses } from './admin-nav';

export const MAX_IMAGES = 8;
const MAX_BYTES = 10 * 1024 * 1024;
const UPLOAD_URL = '/api/admin/products/images';

interface Uploaded {
  id: string;
  url: string;
}

export interface PhotoItem {
  key: string;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  upload?: Uploaded;
  error?: string;
  /** The colour this photo shows (choosing it in the shop shows the photo); null: every colour. */
  color?: string | null;
}

let counter = 0;

/** Sends one photo with its upload progress; resolves with the shop's upload id or rejects with its message. */
function sendPhoto(file: File, onProgress: (percent: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD_URL);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.response as { id?: string; url?: string; error?: { message?: string } } | null;
      if (request.status === 201 && body?.id && body.url) resolve({ id: body.id, url: body.url });
      else reject(new Error(body?.error?.message ?? 'The photo could not be uploaded. Please try again.'));
    };
    request.onerror = () => reject(new Error('The upload failed. Check the connection and try again.'));
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}

/**
 * The product's photos: several uploaded at once, each with a progress bar, put in order with
 * Move earlier / Move later (the first is the cover), and sent with the form as upload ids.
 */
export function ProductImagesField({
  items,
  setItems,
  error,
  colors,
}: {
  items: PhotoItem[];
  setItems: React.Dispatch<React.SetStateAction<PhotoItem[]>>;
  error?: string | undefined;
  /** The product's colours: each photo can be tied to one, and replaced in place. */
  colors?: { name: string }[];
}) {
  const hydrated = useHydrated();
  const inputId = useId();
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-focus-key="${target}"]`)?.focus();
  });

  const update = (key: string, change: Partial<PhotoItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    const room = MAX_IMAGES - items.length;
    const chosen = Array.from(files);
    const added: PhotoItem[] = chosen.map((file, index) => {
      const key = `photo-${++counter}`;
      if (index >= room)
        return { key, name: file.name, progress: 0, state: 'failed', error: `At most ${MAX_IMAGES} photos.` };
      if (!file.type.startsWith('image/'))
        return { key, name: file.name, progress: 0, state: 'failed', error: 'This is not an image.' };
      if (file.size > MAX_BYTES)
        return {
          key,
          name: file.name,
          progress: 0,
          state: 'failed',
          error: 'Each image must be 10 MB or smaller.',
        };
      void sendPhoto(file, (progress) => update(key, { progress })).then(
        (upload) => update(key, { state: 'done', progress: 100, upload }),
        (failure: Error) => update(key, { state: 'failed', error: failure.message }),
      );
      return { key, name: file.name, progress: 0, state: 'uploading' };
    });
    setItems((current) => [...current, ...added]);
  };

  const replace = (key: string, file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/') || file.size > MAX_BYTES) {
      update(key, {
        state: 'failed',
        error: file.size > MAX_BYTES ? 'Each image must be 10 MB or smaller.' : 'This is not an image.',
      });
      return;
    }
    update(key, { name: file.name, state: 'uploading', progress: 0, error: undefined });
    void sendPhoto(file, (progress) => update(key, { progress })).then(
      (upload) => {
        update(key, { state: 'done', progress: 100, upload });
        setAnnouncement(`${file.name} replaced the photo.`);
      },
      (failure: Error) => update(key, { state: 'failed', error: failure.message }),
    );
  };

  const move = (index: number, by: -1 | 1, direction: 'earlier' | 'later') => {
    const target = index + by;
    if (target < 0 || target >= items.length) return;
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(target, 0, item);
    setItems(next);
    const stillMovable = direction === 'earlier' ? target > 0 : target < next.length - 1;
    focusAfterMove.current = `${item.key}-${stillMovable ? direction : direction === 'earlier' ? 'later' : 'earlier'}`;
    setAnnouncement(`${item.name} moved to position ${target + 1} of ${next.length}.`);
  };

  const remove = (index: number) => {
    const item = items[index];
    setItems(items.filter((_, position) => position !== index));
    if (item) setAnnouncement(`${item.name} removed.`);
  };

  const uploading = items.some((item) => item.state === 'uploading');

  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={error ? `${inputId}-error` : undefined}>
      <legend className={labelClasses}>Upload photos</legend>
      <p className="text-xs text-muted">
        JPEG, PNG, WebP, GIF or AVIF, up to 10 MB each and at most {MAX_IMAGES}. The first photo is the cover;
        the shop stores each as sharp WebP sizes for phones and desktops.
      </p>
      <div>
        <label
          htmlFor={inputId}
          className={cn(
            'flex cursor-pointer items-center justify-center gap-2 rounded-card border border-dashed border-ink/30 bg-white px-4 py-6 text-sm font-medium text-ink hover:border-ink focus-within:outline-2 focus-within:outline-gold-deep',
            (!hydrated || items.length >= MAX_IMAGES) && 'cursor-not-allowed opacity-60',
          )}
        >
          <ImagePlus width={20} height={20} aria-hidden="true" />
          Choose photos to upload
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            multiple
            disabled={!hydrated || items.length >= MAX_IMAGES}
            className="sr-only"
            data-testid="product-photo-input"
            onChange={(event) => {
              addFiles(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        </label>
      </div>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-xs text-sale">
          {error}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {items.length > 0 ? (
        <ol
          ref={listRef}
          className="grid gap-3 sm:grid-cols-2"
          aria-label="Photos in order"
          data-testid="product-photos"
        >
          {items.map((item, index) => (
            <li
              key={item.key}
              data-testid="product-photo"
              data-state={item.state}
              className="flex items-center gap-3 rounded-card border border-line bg-white p-3"
            >
              {item.upload ? <input type="hidden" name="images" value={item.upload.id} /> : null}
              <div className="h-20 w-16 shrink-0 overflow-hidden rounded-sm bg-cream">
                {item.upload ? (
                  <img
                    src={item.upload.url}
                    alt=""
                    width={64}
                    height={80}
                    className="h-full w-full object-cover"
                  />
                ) : null}
              </div>
              <div className="min-w-0 flex-1 space-y-1.5">
                <p className="truncate text-sm text-ink">
                  <span className="font-medium">{index + 1}.</span> {item.name}
                  {index === 0 && item.state === 'done' ? (
                    <span className="ml-2 text-xs font-semibold tracking-wide text-gold-deep uppercase">
                      Cover
                    </span>
                  ) : null}
                </p>
                {item.state === 'uploading' ? (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${item.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={item.progress}
                    className="h-1.5 overflow-hidden rounded-full bg-cream"
                  >
                    <div
                      className="h-full bg-gold-deep transition-[width]"
                      style={{ width: `${item.progress}%` }}
                    />
                  </div>
                ) : null}
                {item.state === 'failed' ? (
                  <p role="alert" className="text-xs text-sale">
                    {item.error}
                  </p>
                ) : null}
                {item.state === 'done' && !colors ? <p className="text-xs text-success">Uploaded</p> : null}
                {colors && item.state === 'done' ? (
                  <div>
                    <label htmlFor={`${inputId}-${item.key}-color`} className="sr-only">
                      Colour shown by {item.name}
                    </label>
                    <select
                      id={`${inputId}-${item.key}-color`}
                      value={item.color ?? ''}
                      onChange={(event) => update(item.key, { color: event.currentTarget.value || null })}
                      className="h-8 w-full rounded-sm border border-line bg-white px-2 text-xs text-ink"
                      data-testid="photo-color"
                    >
                      <option value="">Every colour</option>
                      {colors.map((color) => (
                        <option key={color.name} value={color.name}>
                          {color.name}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
                <div className="flex gap-1">
                  <button
                    type="button"
                    data-focus-key={`${item.key}-earlier`}
                    onClick={() => move(index, -1, 'earlier')}
                    disabled={index === 0}
                    aria-label={`Move ${item.name} earlier`}
                    className="inline-flex size-8 items-center justify-center rounded-sm border border-line text-ink hover:bg-cream disabled:opacity-40"
                  >
                    <ArrowUp width={14} height={14} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    data-focus-key={`${item.key}-later`}
                    onClick={() => move(index, 1, 'later')}
                    disabled={index === items.length - 1}
                    aria-label={`Move ${item.name} later`}
                    className="inline-flex size-8 items-center justify-center rounded-sm border border-line text-ink hover:bg-cream disabled:opacity-40"
                  >
                    <ArrowDown width={14} height={14} aria-hidden="true" />
                  </button>
                  {colors ? (
                    <label
                      className={cn(
                        'inline-flex size-8 cursor-pointer items-center justify-center rounded-sm border border-line text-ink hover:bg-cream focus-within:outline-2 focus-within:outline-gold-deep',
                        item.state === 'uploading' && 'cursor-not-allowed opacity-40',
                      )}
                    >
                      <RefreshCw width={14} height={14} aria-hidden="true" />
                      <span className="sr-only">Replace {item.name}</span>
                      <input
                        type="file"
                        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                        className="sr-only"
                        disabled={!hydrated || item.state === 'uploading'}
                        data-testid="photo-replace"
                        onChange={(event) => {
                          replace(item.key, event.currentTarget.files?.[0]);
                          event.currentTarget.value = '';
                        }}
                      />
                    </label>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => remove(index)}
                    aria-label={`Remove ${item.name}`}
                    className="inline-flex size-8 items-center justify-center rounded-sm border border-line text-ink hover:bg-cream"
                  >
                    <X width={14} height={14} aria-hidden="true" />
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {uploading ? (
        <p className="text-xs text-muted">Uploading… the product can be added once every photo is in.</p>
      ) : null}
    </fieldset>
  );
}
