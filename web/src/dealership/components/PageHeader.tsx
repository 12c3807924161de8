import type { ReactNode } from "react";
import { Link } from "react-router";
import { css } from "styled-system/css";
import { ChevronLeftIcon } from "../../ui/icons.tsx";

/** The portal pages' column: centred, at most 80rem wide. */
export const pageStack = css({ display: "flex", flexDirection: "column", gap: { base: "6", md: "8" }, width: "full", maxW: "7xl", mx: "auto" });

/** A page's title row: optional back link, the h1 with a line under it, actions on the right. */
export function PageHeader({
  title,
  subtitle,
  actions,
  back,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      {back ? (
        <Link
          to={back.to}
          className={css({
            display: "inline-flex",
            alignItems: "center",
            gap: "1",
            alignSelf: "flex-start",
            // 40 px high to click; the negative margins keep the title where it was.
            minH: "10",
            my: "-2.5",
            textStyle: "small",
            fontWeight: "600",
            color: "fg.link",
            textDecoration: "none",
            _hover: { textDecoration: "underline" },
          })}
        >
          <ChevronLeftIcon size={16} />
          {back.label}
        </Link>
      ) : null}
      <div
        className={css({
          display: "flex",
          flexDirection: { base: "column", sm: "row" },
          alignItems: { base: "stretch", sm: "flex-end" },
          justifyContent: "space-between",
          gap: "4",
        })}
      >
        <div className={css({ display: "flex", flexDirection: "column", gap: "1", minW: "0" })}>
          <h1 className={css({ textStyle: "title", fontSize: { base: "1.5rem", md: "1.875rem" }, overflowWrap: "anywhere" })}>{title}</h1>
          {subtitle ? <div className={css({ color: "fg.muted" })}>{subtitle}</div> : null}
        </div>
        {actions ? <div className={css({ display: "flex", gap: "2", flexShrink: 0 })}>{actions}</div> : null}
      </div>
    </div>
  );
}
