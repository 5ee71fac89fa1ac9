import { Camera, User } from 'lucide-react';
import { useRef, useState } from 'react';

interface AvatarUploadProps {
  avatarUrl: string | null;
  name: string;
  onUploaded: (avatarUrl: string | null) => void;
  onSessionExpired: () => void;
}

/** Uploads a profile photo to the API with a progress bar (XMLHttpRequest reports upload progress; fetch does not). */
export function AvatarUpload({ avatarUrl, name, onUploaded, onSessionExpired }: AvatarUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = (file: File) => {
    setError(null);
    setProgress(0);
    const body = new FormData();
    body.append('avatar', file);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/profile/avatar');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      setProgress(null);
      if (request.status === 401) return onSessionExpired();
      if (request.status >= 200 && request.status < 300) {
        onUploaded((request.response as { user: { avatarUrl: string | null } }).user.avatarUrl);
      } else {
        setError(
          (request.response as { error?: { message?: string } } | null)?.error?.message ??
            'Failed to upload profile photo',
        );
      }
      if (input.current) input.current.value = '';
    };
    request.onerror = () => {
      setProgress(null);
      setError('Failed to upload profile photo');
    };
    request.send(body);
  };

  return (
    <div className="flex items-center gap-5">
      <div className="relative h-20 w-20 shrink-0 overflow-hidden rounded-full bg-cream">
        {avatarUrl ? (
          <img
            src={avatarUrl}
            alt={`${name}'s profile photo`}
            width={80}
            height={80}
            className="h-full w-full object-cover"
          />
        ) : (
          <User
            aria-hidden="true"
            className="absolute inset-0 m-auto text-muted"
            width={34}
            height={34}
            strokeWidth={1.25}
          />
        )}
      </div>
      <div className="flex-1 space-y-2">
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-sm border border-line bg-white px-4 py-2 text-sm font-medium hover:border-ink focus-within:ring-2 focus-within:ring-gold-deep">
          <Camera width={16} height={16} aria-hidden="true" />
          {avatarUrl ? 'Change photo' : 'Upload photo'}
          <input
            ref={input}
            type="file"
            name="avatar"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="sr-only"
            disabled={progress !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload(file);
            }}
          />
        </label>
        <p className="text-xs text-muted">JPEG, PNG, WebP or GIF, up to 5 MB.</p>
        {progress !== null ? (
          <div
            role="progressbar"
            aria-label="Uploading photo"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-cream"
          >
            <div className="h-full bg-gold-deep transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-xs text-sale">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
