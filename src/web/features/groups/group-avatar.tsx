import { UsersIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** The group's image, or a calm placeholder with an icon; decorative, since the name is always next to it. */
export function GroupImage({ imageUrl, className }: { imageUrl: string | null; className?: string }) {
  if (imageUrl) return <img src={imageUrl} alt="" className={cn('object-cover', className)} />;
  return (
    <div aria-hidden className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}>
      <UsersIcon className="size-1/3 max-h-10 max-w-10" />
    </div>
  );
}
