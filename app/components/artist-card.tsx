import type { AttractionCardView } from '~/lib/views';
import { CatalogueImage } from './catalogue-image';
import { FollowButton } from './tracking/follow-button';
import { Badge } from './ui/badge';
import { PageLink } from './ui/page-link';

/**
 * An artist or attraction: image, name, genre and the '{n} upcoming' badge (SPEC §2). Styled
 * by `.artist-card` in app.css: a shelf repeats it.
 */
export function ArtistCard({
  artist,
  priority = false,
  later = false,
}: {
  artist: AttractionCardView;
  priority?: boolean;
  later?: boolean;
}) {
  return (
    <article className="artist-card group">
      <div className="media">
        <CatalogueImage
          image={artist.image}
          alt=""
          sizes="(min-width: 1024px) 240px, (min-width: 600px) 30vw, 70vw"
          priority={priority}
          later={later}
          fallbackLabel={artist.name}
          className="picture"
        />
      </div>
      <FollowButton
        attraction={artist}
        tone="hero"
        className="absolute top-2 right-2 z-10 bg-black/65 px-2.5 py-1 text-xs backdrop-blur"
      />
      <div className="caption">
        <h3>
          <PageLink to={artist.href}>{artist.name}</PageLink>
        </h3>
        <div className="kind">
          <span className="genre">{artist.genre ?? 'Live'}</span>
          <Badge tone="overlay">{artist.upcoming}</Badge>
        </div>
      </div>
    </article>
  );
}
