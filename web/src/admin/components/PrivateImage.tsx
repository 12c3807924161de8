/**
 * A private uploaded image (a customer's document, a handover photo or signature): fetched with
 * the admin token and shown from a blob: URL (lib/objectImage.ts), opening full size in a new
 * tab; a spinner while it loads, a plain message when it cannot, and `missing` when there is none.
 */
import type { ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { ImageIcon, WarningIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { useAdminObjectImage } from "../lib/objectImage.ts";

const shapes = { photo: css({ aspectRatio: "4 / 3" }), wide: css({ aspectRatio: "5 / 2" }) };

export function PrivateImage({
  title,
  path,
  caption,
  missing,
  failedText = "Could not load this image.",
  shape = "photo",
  background = "slate.900",
}: {
  /** The image's name: its alt text and, unless `caption` says otherwise, its caption. */
  title: string;
  path: string | null | undefined;
  caption?: ReactNode;
  /** What shows when there is no image. */
  missing?: ReactNode;
  failedText?: string;
  /** The box's proportions while there is an image: a photo (4:3) or a signature (wide). */
  shape?: keyof typeof shapes;
  /** Behind a picture that does not fill its box (a signature reads better on white). */
  background?: "slate.900" | "white";
}) {
  const { url, failed } = useAdminObjectImage(path);
  return (
    <figure className={css({ display: "flex", flexDirection: "column", gap: "2", minW: "0" })}>
      <figcaption className={css({ fontSize: "sm", fontWeight: "600" })}>{caption ?? title}</figcaption>
      <div
        className={cx(
          css({
            borderRadius: "lg",
            borderWidth: "1px",
            borderColor: "border.default",
            bg: "bg.subtle",
            overflow: "hidden",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            color: "fg.muted",
            textAlign: "center",
          }),
          path ? shapes[shape] : css({ py: "5", px: "4" }),
          url ? css({ p: "0" }) : css({ p: "4" }),
        )}
      >
        {!path ? (
          <span className={css({ display: "flex", alignItems: "center", gap: "3" })}>
            <ImageIcon size={22} />
            {missing ?? "No image"}
          </span>
        ) : url ? (
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className={css({ display: "block", width: "full", height: "full" })}
            aria-label={`Open ${title} full size`}
          >
            <img
              src={url}
              alt={title}
              className={cx(
                css({ width: "full", height: "full", objectFit: "contain" }),
                background === "white" ? css({ bg: "white" }) : css({ bg: "slate.900" }),
              )}
            />
          </a>
        ) : failed ? (
          <span className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: "2", color: "danger.fg", fontSize: "sm" })}>
            <WarningIcon size={24} />
            {failedText}
          </span>
        ) : (
          <Spinner size="md" label={`Loading ${title}…`} />
        )}
      </div>
    </figure>
  );
}
