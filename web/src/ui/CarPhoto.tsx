import { useState } from "react";
import { css, cx } from "styled-system/css";
import { CarIcon } from "./icons.tsx";

const frame = css({
  position: "relative",
  overflow: "hidden",
  bg: "slate.100",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
});

const placeholder = css({
  width: "full",
  height: "full",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: "1",
  color: "slate.400",
  bgImage: "linear-gradient(135deg, token(colors.slate.50), token(colors.ocean.50))",
  textStyle: "caption",
});

/**
 * A vehicle photo (public "/objects/..." path) that fills its box, lazily loaded; a car outline
 * with "No photo" when there is none or it cannot be loaded. Size the box with `className`.
 */
export function CarPhoto({
  src,
  alt,
  className,
  eager = false,
  iconSize = 40,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  eager?: boolean;
  iconSize?: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : null;
  return (
    <div className={cx(frame, className)}>
      {usable ? (
        <img
          src={usable}
          alt={alt}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          onError={() => setFailed(usable)}
          className={css({ width: "full", height: "full", objectFit: "cover" })}
        />
      ) : (
        <div className={placeholder} role="img" aria-label={`${alt}: no photo`}>
          <CarIcon size={iconSize} />
          <span aria-hidden="true">No photo</span>
        </div>
      )}
    </div>
  );
}
