/**
 * The home page's banners (docs/games.md, "Banners"; docs/product.md §3, §5): the merchant's banners of
 * group m_home in a swipeable carousel that turns every 5 s. A tap follows the banner rule
 * (src/core/html/banners.ts): P the promotion, G the game (a visitor is asked to log in first), URL
 * the link (an /m path in the app; the token only to the merchant's own domains). The box keeps its
 * place while the banners load and is gone when there are none.
 */
import { useEffect, useState } from 'react';
import { call } from '../src/core/api/client.ts';
import { endpoints, type Banner } from '../src/contract/endpoints.ts';
import { safeImageUrl } from '../src/core/config/config.ts';
import { bannerLink, followBanner } from '../src/core/html/banners.ts';
import { preloadLinkHosts } from '../src/core/html/links.ts';
import { Carousel } from '../src/ui/Carousel.tsx';
import { SWIPE_AUTOPLAY_MS } from '../src/ui/swipe.ts';
import { useT } from '../src/ui/useT.ts';
import { HOME_BANNER_GROUP } from './earlyCalls.ts';

type Shown = Banner & { image: string };

/** Longest the carousel waits for its first picture; past it the slide shows while the picture loads. */
const FIRST_PICTURE_WAIT_MS = 2500;

/** Resolves once `url` is decoded and a frame has painted with it, or after FIRST_PICTURE_WAIT_MS. */
function firstPainted(url: string | undefined): Promise<void> {
  if (!url) return Promise.resolve();
  const picture = new Image();
  picture.src = url;
  const decoded = picture.decode().then(
    () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done))),
    () => undefined,
  );
  return Promise.race([decoded, new Promise<void>((done) => setTimeout(done, FIRST_PICTURE_WAIT_MS))]);
}

export function HomeBanners() {
  const { t, dir } = useT();
  const [banners, setBanners] = useState<Shown[] | undefined>(undefined);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    let gone = false;
    call(endpoints.banners, { groupName: HOME_BANNER_GROUP }, { alert: false }).then(
      (res) => {
        const list = Array.isArray(res.value) ? res.value : [];
        // A banner shows only with a picture the page may load and somewhere to lead.
        const shown = list.flatMap((b) => {
          const image = safeImageUrl(b?.imageUrl);
          return image && bannerLink(b) ? [{ ...b, image }] : [];
        });
        // The shell's banner box already paints the first picture (host/earlyCalls.ts): swap in the
        // carousel once that picture has been painted, so the page's largest paint stays the early one.
        void firstPainted(shown[0]?.image).then(() => !gone && setBanners(shown));
        // A URL banner to the merchant's other lines carries the token: know the lines before the tap.
        if (shown.some((b) => b.linkageType === 'URL')) preloadLinkHosts();
      },
      () => !gone && setBanners([]),
    );
    return () => {
      gone = true;
    };
  }, []);

  if (banners === undefined) return <div className="home-banners home-banners-loading" aria-hidden="true" />;
  if (banners.length === 0) return null;
  return (
    <div className="home-banners">
      <Carousel
        count={banners.length}
        index={index}
        onIndex={setIndex}
        autoplayMs={SWIPE_AUTOPLAY_MS}
        dir={dir}
        labels={{
          region: t('home.banners'),
          previous: t('home.banner_previous'),
          next: t('home.banner_next'),
          slide: (n, total) => t('announcement.slide', { n, total }),
          pause: t('home.banner_pause'),
          play: t('home.banner_play'),
        }}
        renderSlide={(i) => {
          const banner = banners[i]!;
          return (
            <button
              type="button"
              className="home-banner"
              aria-label={t(`home.banner_${banner.linkageType ?? 'URL'}`)}
              onClick={() => followBanner(banner)}
            >
              {/* 2.5:1 like its box; the first is the page's largest picture, already asked for by host/earlyCalls.ts. */}
              <img
                src={banner.image}
                alt=""
                width={1000}
                height={400}
                draggable={false}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding={i === 0 ? 'auto' : 'async'}
              />
            </button>
          );
        }}
      />
    </div>
  );
}
