import { Link, useLocation } from "react-router";
import { css } from "styled-system/css";
import { formatKm, formatRandWhole } from "../../lib/format.ts";
import { Button, ButtonLink } from "../../ui/Button.tsx";
import { Card } from "../../ui/Card.tsx";
import { CarPhoto } from "../../ui/CarPhoto.tsx";
import { GaugeIcon, GearIcon, MapPinIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/Skeleton.tsx";
import { carName, transmissionLabel, type CarForSale } from "./queries.ts";

const fact = css({ display: "inline-flex", alignItems: "center", gap: "1.5", color: "fg.muted", textStyle: "small", "& svg": { color: "slate.400" } });

/** One car on the list: photo, make/model/year, mileage, transmission, price, Contact Seller and View Details. */
export function ForSaleCard({ car, onContact }: { car: CarForSale; onContact: (car: CarForSale) => void }) {
  const location = useLocation();
  const titleId = `car-${car.id}`;
  const detailsLink = { pathname: `/cars-for-sale/${car.id}` };
  const state = { from: location.search };
  return (
    <Card as="li" padding="none" className={css({ overflow: "hidden", display: "flex", flexDirection: "column" })} aria-labelledby={titleId}>
      <Link to={detailsLink} state={state} tabIndex={-1} aria-hidden="true" className={css({ display: "block" })}>
        {/* Without a photo, a slim placeholder: a phone screen of grey boxes helps nobody. */}
        <CarPhoto
          src={car.images[0]}
          alt={carName(car)}
          className={car.images.length > 0 ? css({ aspectRatio: "16 / 10", width: "full" }) : css({ aspectRatio: "3 / 1", width: "full" })}
          iconSize={car.images.length > 0 ? 40 : 32}
        />
      </Link>
      <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: "4" })}>
        <div className={css({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: "3" })}>
          <h2 id={titleId} className={css({ textStyle: "heading", lineHeight: "1.3", overflowWrap: "anywhere" })}>
            <span className={css({ display: "block", textStyle: "small", fontWeight: "600", color: "fg.muted" })}>{car.year}</span>
            {car.make} {car.model}
          </h2>
          <p className={css({ fontSize: "lg", fontWeight: "800", color: "brand.text", whiteSpace: "nowrap", letterSpacing: "-0.01em" })}>
            <span className={css({ srOnly: true })}>Price: </span>
            {formatRandWhole(car.salesPrice)}
          </p>
        </div>
        <ul className={css({ display: "flex", flexWrap: "wrap", columnGap: "4", rowGap: "1" })} aria-label="Key facts">
          <li className={fact}>
            <GaugeIcon size={16} />
            {formatKm(car.mileage)}
          </li>
          <li className={fact}>
            <GearIcon size={16} />
            {transmissionLabel(car.transmission)}
          </li>
          {car.dealership.city ? (
            <li className={fact}>
              <MapPinIcon size={16} />
              {car.dealership.city}
            </li>
          ) : null}
        </ul>
        {/* Side by side where both labels fit, else one above the other (a 320 px phone, a narrow grid column). */}
        <div className={css({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(8.5rem, 1fr))", gap: "2", pt: "1", mt: "auto" })}>
          <Button variant="outline" onClick={() => onContact(car)} aria-describedby={titleId}>
            Contact Seller
          </Button>
          <ButtonLink to={detailsLink} state={state} aria-describedby={titleId}>
            View Details
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}

export function ForSaleCardSkeleton() {
  return (
    <Card as="li" padding="none" className={css({ overflow: "hidden" })} aria-hidden="true">
      <Skeleton className={css({ aspectRatio: "16 / 10", width: "full", borderRadius: "0" })} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: "4" })}>
        <div className={css({ display: "flex", justifyContent: "space-between", gap: "3" })}>
          <Skeleton className={css({ height: "10", width: "1/2" })} />
          <Skeleton className={css({ height: "6", width: "24" })} />
        </div>
        <Skeleton className={css({ height: "4", width: "2/3" })} />
        <div className={css({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "2" })}>
          <Skeleton className={css({ height: "11" })} />
          <Skeleton className={css({ height: "11" })} />
        </div>
      </div>
    </Card>
  );
}
