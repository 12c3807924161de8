import { Avatar as ArkAvatar } from "@ark-ui/react/avatar";
import { css, cx } from "styled-system/css";
import { initials } from "#domain/profile.ts";
import { useObjectImage } from "../lib/objectImage.ts";
import { CheckIcon } from "./icons.tsx";

const sizes = {
  sm: { box: css({ width: "10", height: "10", fontSize: "sm" }), tick: css({ width: "4", height: "4" }), icon: 10 },
  lg: { box: css({ width: "24", height: "24", fontSize: "2xl" }), tick: css({ width: "7", height: "7" }), icon: 16 },
};

/**
 * The customer's avatar (SPEC 3 "Profile display"): the profile picture, or the initials of the
 * first two words of the name; a green tick when the profile is complete. On Ark UI's Avatar: the
 * initials stay on show until the picture has loaded, and come back if it cannot be loaded.
 */
export function Avatar({
  name,
  picture,
  complete = false,
  size = "lg",
  className,
}: {
  name: string;
  picture: string | null | undefined;
  complete?: boolean;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const { url } = useObjectImage(picture);
  const s = sizes[size];
  return (
    <span className={cx(css({ position: "relative", display: "inline-flex", flexShrink: 0 }), className)}>
      <ArkAvatar.Root asChild>
        <span
          className={cx(
            css({
              display: "inline-flex",
              alignItems: "center",
              justifyContent: "center",
              borderRadius: "full",
              overflow: "hidden",
              bg: "brand.solid",
              color: "white",
              fontWeight: "700",
              letterSpacing: "0.02em",
              boxShadow: "0 0 0 3px white, 0 0 0 4px token(colors.slate.200)",
            }),
            s.box,
          )}
        >
          <ArkAvatar.Fallback aria-hidden="true">{initials(name)}</ArkAvatar.Fallback>
          {url ? <ArkAvatar.Image src={url} alt="" className={css({ width: "full", height: "full", objectFit: "cover" })} /> : null}
        </span>
      </ArkAvatar.Root>
      {complete ? (
        <span
          className={cx(
            css({
              position: "absolute",
              right: "-0.5",
              bottom: "-0.5",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              borderRadius: "full",
              bg: "success.solid",
              color: "white",
              boxShadow: "0 0 0 2px white",
            }),
            s.tick,
          )}
          role="img"
          aria-label="Profile complete"
        >
          <CheckIcon size={s.icon} />
        </span>
      ) : null}
    </span>
  );
}
