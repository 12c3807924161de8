/**
 * A car for sale (/cars-for-sale/{id}): its photos, year, mileage, transmission, category, price
 * in rand without decimals, and the selling dealership's name and city; Contact Seller opens the
 * enquiry form. The back link returns to the list with the same search and filters.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useParams } from "react-router";
import { useQuery } from "urql";
import { css, cx } from "styled-system/css";
import { formatKm, formatRandWhole } from "../../lib/format.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { CarPhoto } from "../../ui/CarPhoto.tsx";
import { CalendarIcon, CarIcon, GaugeIcon, GearIcon, MailIcon, MapPinIcon, RefreshIcon, StoreIcon, TagIcon } from "../../ui/icons.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { CustomerScreen } from "../CustomerScreen.tsx";
import { useAuth } from "../session/auth.tsx";
import { ContactSellerDialog } from "./LazyContactSellerDialog.tsx";
import { CAR_FOR_SALE, carName, categoryLabel, transmissionLabel, type CarForSale } from "./queries.ts";
import { IconDisc } from "../../ui/IconDisc.tsx";
import { scrollBehavior } from "../../ui/motion.ts";

/** The list's URL to go back to: the one the visitor came from (same filters), else the plain list. */
function listHref(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && (from === "" || from.startsWith("?")) ? `/cars-for-sale${from}` : "/cars-for-sale";
}

function Gallery({ car }: { car: CarForSale }) {
  const strip = useRef<HTMLUListElement>(null);
  const thumbs = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const name = carName(car);
  // The photo on show keeps its thumbnail in sight: swiping to the 8th photo scrolls the row of
  // thumbnails to it (sideways only, the page stays where it is).
  useEffect(() => {
    const row = thumbs.current;
    const thumb = row?.children[current] as HTMLElement | undefined;
    if (!row || !thumb) return;
    const rowBox = row.getBoundingClientRect();
    const box = thumb.getBoundingClientRect();
    const by = box.left < rowBox.left ? box.left - rowBox.left : box.right > rowBox.right ? box.right - rowBox.right : 0;
    if (by !== 0) row.scrollBy({ left: by, behavior: scrollBehavior() });
  }, [current]);
  if (car.images.length <= 1) {
    return <CarPhoto src={car.images[0]} alt={name} eager className={css({ aspectRatio: "4 / 3", width: "full", borderRadius: "card" })} iconSize={56} />;
  }

  function show(index: number) {
    const item = strip.current?.children[index] as HTMLElement | undefined;
    strip.current?.scrollTo({ left: item?.offsetLeft ?? 0, behavior: scrollBehavior() });
    setCurrent(index);
  }

  return (
    <section aria-label={`Photos of the ${name}`} className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <div className={css({ position: "relative" })}>
        {/* Focusable, so a keyboard scrolls it with the arrow keys as a finger swipes it. */}
        <ul
          ref={strip}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard (WCAG 2.1.1)
          tabIndex={0}
          aria-label={`${car.images.length} photos: use the arrow keys to scroll`}
          className={css({
            display: "flex",
            overflowX: "auto",
            scrollSnapType: "x mandatory",
            borderRadius: "card",
            scrollbarWidth: "none",
            "&::-webkit-scrollbar": { display: "none" },
            _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" },
          })}
          onScroll={(event) => {
            const el = event.currentTarget;
            setCurrent(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
          }}
        >
          {car.images.map((src, index) => (
            <li key={src} className={css({ flex: "0 0 100%", scrollSnapAlign: "start" })} aria-label={`Photo ${index + 1} of ${car.images.length}`}>
              <CarPhoto
                src={src}
                alt={`${name}, photo ${index + 1}`}
                eager={index === 0}
                className={css({ aspectRatio: "4 / 3", width: "full" })}
                iconSize={56}
              />
            </li>
          ))}
        </ul>
        <span
          className={css({
            position: "absolute",
            bottom: "3",
            right: "3",
            px: "2.5",
            py: "1",
            borderRadius: "full",
            bg: "slate.900/75",
            color: "white",
            textStyle: "caption",
          })}
          aria-hidden="true"
        >
          {current + 1} / {car.images.length}
        </span>
      </div>
      <div ref={thumbs} className={css({ display: "flex", gap: "2", overflowX: "auto", pb: "1" })}>
        {car.images.map((src, index) => (
          <button
            key={src}
            type="button"
            onClick={() => show(index)}
            aria-label={`Show photo ${index + 1}`}
            aria-current={index === current || undefined}
            className={cx(
              css({
                flex: "0 0 auto",
                width: "16",
                borderRadius: "lg",
                overflow: "hidden",
                borderWidth: "2px",
                borderColor: "transparent",
                cursor: "pointer",
                opacity: 0.7,
                _hover: { opacity: 1 },
              }),
              index === current && css({ borderColor: "brand.solid", opacity: 1 }),
            )}
          >
            <CarPhoto src={src} alt="" className={css({ aspectRatio: "4 / 3", width: "full" })} iconSize={16} />
          </button>
        ))}
      </div>
    </section>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    // dt and dd are direct children of the dl's div (a nested wrapper breaks the list for screen readers).
    <div
      className={css({
        display: "grid",
        gridTemplateColumns: "auto minmax(0, 1fr)",
        columnGap: "3",
        alignItems: "center",
        p: "3",
        borderRadius: "xl",
        bg: "bg.subtle",
      })}
    >
      <dt className={css({ display: "contents" })}>
        <span aria-hidden="true" className={css({ gridRow: "1 / span 2", color: "brand.text" })}>
          {icon}
        </span>
        <span className={css({ gridColumn: "2", textStyle: "caption", color: "fg.muted" })}>{label}</span>
      </dt>
      <dd className={css({ gridColumn: "2", fontWeight: "650", minW: "0" })}>{value}</dd>
    </div>
  );
}

export function Component() {
  const { id = "" } = useParams();
  const location = useLocation();
  const back = listHref(location.state);
  const { user } = useAuth();
  const [result, reexecute] = useQuery({ query: CAR_FOR_SALE, variables: { id } });
  const [contact, setContact] = useState<CarForSale | null>(null);
  const car = result.data?.carForSale;
  usePageTitle(car ? `${carName(car)} for sale` : "Car for sale");
  const notFound = result.error?.graphQLErrors.some((e) => e.extensions?.code === "NOT_FOUND") ?? false;
  // A buyer's old link to a car its dealership has marked sold (410).
  const sold = result.error?.graphQLErrors.some((e) => e.extensions?.code === "GONE") ?? false;

  if (!car) {
    return (
      <CustomerScreen back={back} footer>
        {sold ? (
          <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", py: "10" })}>
            <IconDisc size="lg">
              <TagIcon size={32} />
            </IconDisc>
            <h1 className={css({ textStyle: "title" })}>This car has been sold</h1>
            <p className={css({ color: "fg.muted" })}>Someone got there first. Have a look at the other cars for sale.</p>
            <ButtonLink to={back} size="lg">
              See other cars for sale
            </ButtonLink>
          </div>
        ) : notFound ? (
          <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: "3", py: "10" })}>
            <IconDisc size="lg">
              <CarIcon size={32} />
            </IconDisc>
            <h1 className={css({ textStyle: "title" })}>This car is no longer for sale</h1>
            <p className={css({ color: "fg.muted" })}>It may have been sold. Have a look at the other cars.</p>
            <ButtonLink to={back} size="lg">
              See cars for sale
            </ButtonLink>
          </div>
        ) : result.error ? (
          <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} role="alert">
            <Notice tone="danger" title="We couldn't load this car">
              Please check your connection and try again.
            </Notice>
            <Button variant="outline" onClick={() => reexecute({ requestPolicy: "network-only" })}>
              <RefreshIcon size={18} />
              Try again
            </Button>
          </div>
        ) : (
          <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} aria-busy="true">
            <span role="status" className={css({ srOnly: true })}>
              Loading the car…
            </span>
            <Skeleton className={css({ aspectRatio: "4 / 3", width: "full", borderRadius: "card" })} />
            <Skeleton className={css({ height: "8", width: "3/4" })} />
            <Skeleton className={css({ height: "6", width: "1/3" })} />
            <Skeleton className={css({ height: "32", width: "full", borderRadius: "card" })} />
          </div>
        )}
      </CustomerScreen>
    );
  }

  const seller = car.dealership;
  return (
    <CustomerScreen back={back} footer>
      {/* A phone reads top to bottom; a desktop shows the photos beside the details. */}
      <article
        className={css({
          display: "flex",
          flexDirection: "column",
          gap: "5",
          lg: {
            display: "grid",
            gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)",
            gridAutoRows: "min-content",
            columnGap: "10",
            rowGap: "5",
            alignItems: "start",
          },
        })}
        aria-labelledby="car-title"
      >
        <div className={css({ lg: { gridColumn: "1", gridRow: "1 / span 5" } })}>
          <Gallery car={car} />
        </div>
        <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
          <h1 id="car-title" className={css({ textStyle: "title", overflowWrap: "anywhere" })}>
            {carName(car)}
          </h1>
          <p className={css({ fontSize: "1.75rem", fontWeight: "800", color: "brand.text", letterSpacing: "-0.02em" })}>
            <span className={css({ srOnly: true })}>Price: </span>
            {formatRandWhole(car.salesPrice)}
          </p>
        </div>

        <dl className={css({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "2" })}>
          <Fact icon={<CalendarIcon size={20} />} label="Year" value={String(car.year)} />
          <Fact icon={<GaugeIcon size={20} />} label="Mileage" value={formatKm(car.mileage)} />
          <Fact icon={<GearIcon size={20} />} label="Transmission" value={transmissionLabel(car.transmission)} />
          <Fact icon={<TagIcon size={20} />} label="Category" value={categoryLabel(car.category)} />
        </dl>

        <Card as="section" padding="md" aria-labelledby="seller-title" className={css({ display: "flex", alignItems: "center", gap: "3" })}>
          <span
            className={css({
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              width: "12",
              height: "12",
              borderRadius: "xl",
              bg: "brand.subtle",
              color: "brand.text",
              flexShrink: 0,
            })}
          >
            <StoreIcon size={24} />
          </span>
          <div className={css({ display: "flex", flexDirection: "column", minW: "0" })}>
            <h2 className={css({ textStyle: "caption", color: "fg.muted" })} id="seller-title">
              Sold by
            </h2>
            <p className={css({ fontWeight: "650", overflowWrap: "anywhere" })}>{seller.companyName}</p>
            {seller.city ? (
              <p className={css({ display: "flex", alignItems: "center", gap: "1", textStyle: "small", color: "fg.muted" })}>
                <MapPinIcon size={14} />
                {seller.city}
              </p>
            ) : null}
          </div>
        </Card>

        {/* Always at hand on a phone: sticks to the bottom of the screen while the car is in view; under the details on a desktop. */}
        <div
          className={css({
            position: "sticky",
            bottom: "0",
            zIndex: "10",
            mt: "1",
            mx: "-5",
            mb: "-6",
            px: "5",
            pt: "3",
            pb: "calc(token(spacing.3) + env(safe-area-inset-bottom, 0px))",
            bg: "bg.surface/95",
            backdropFilter: "blur(8px)",
            borderTopWidth: "1px",
            borderColor: "border.default",
            lg: { position: "static", mt: "0", mx: "0", mb: "0", px: "0", pt: "0", pb: "0", bg: "transparent", backdropFilter: "none", borderTopWidth: "0" },
          })}
        >
          <Button size="lg" fullWidth onClick={() => setContact(car)}>
            <MailIcon size={18} />
            Contact Seller
          </Button>
        </div>
      </article>
      <ContactSellerDialog car={contact} buyer={user} onClose={() => setContact(null)} />
    </CustomerScreen>
  );
}
