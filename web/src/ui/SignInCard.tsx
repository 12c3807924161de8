/**
 * The frame of the dealership and driver sign-in screens, and of the staff's "Choose your own
 * password" step: a centred card with an icon, a title and an intro. With `headingId` the card is a
 * section named by its title.
 */
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { Card } from "./Card.tsx";

export function SignInCard({
  icon,
  title,
  intro,
  headingId,
  children,
}: {
  icon: ReactNode;
  title: string;
  intro: ReactNode;
  headingId?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={css({ flex: "1", display: "flex", alignItems: { base: "flex-start", md: "center" }, justifyContent: "center", py: { base: "2", md: "10" } })}
    >
      <Card
        {...(headingId ? { as: "section", "aria-labelledby": headingId } : {})}
        variant="elevated"
        padding="lg"
        className={css({ width: "full", maxW: "md", display: "flex", flexDirection: "column", gap: "6", p: { base: "6", md: "8" } })}
      >
        <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
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
              mb: "1",
            })}
          >
            {icon}
          </span>
          <h1 id={headingId} className={css({ textStyle: "title" })}>
            {title}
          </h1>
          <p className={css({ color: "fg.muted" })}>{intro}</p>
        </div>
        {children}
      </Card>
    </div>
  );
}
