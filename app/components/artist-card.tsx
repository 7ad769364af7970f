import { Link } from 'react-router';
import type { AttractionCardView } from '~/lib/views';
import { CatalogueImage } from './catalogue-image';
import { FollowButton } from './tracking/follow-button';
import { Badge } from './ui/badge';

/** An artist or attraction: image, name, genre and the '{n} upcoming' badge (SPEC §2). */
export function ArtistCard({ artist, priority = false }: { artist: AttractionCardView; priority?: boolean }) {
  return (
    <article className="group relative overflow-hidden rounded-2xl bg-ink shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg">
      <div className="aspect-[4/3] overflow-hidden">
        <CatalogueImage
          image={artist.image}
          alt=""
          sizes="(min-width: 1024px) 240px, (min-width: 600px) 30vw, 70vw"
          priority={priority}
          fallbackLabel={artist.name}
          className="h-full w-full opacity-90 transition duration-300 group-hover:scale-[1.04] group-hover:opacity-100"
        />
      </div>
      <FollowButton
        attraction={artist}
        tone="hero"
        className="absolute top-2 right-2 z-10 bg-black/65 px-2.5 py-1 text-xs backdrop-blur"
      />
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/55 to-transparent p-3 pt-10 text-white">
        <h3 className="truncate font-bold">
          <Link to={artist.href} className="after:absolute after:inset-0">
            {artist.name}
          </Link>
        </h3>
        <div className="mt-1 flex items-center justify-between gap-2 text-xs">
          <span className="truncate text-white/90">{artist.genre ?? 'Live'}</span>
          <Badge tone="overlay">{artist.upcoming}</Badge>
        </div>
      </div>
    </article>
  );
}
