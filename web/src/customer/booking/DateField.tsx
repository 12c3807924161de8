/**
 * A date typed as dd/mm/yyyy (SPEC 5) with a calendar popover (Ark UI DatePicker).
 *
 * The text is the source of truth: every keystroke goes through the domain's sanitiseDateInput
 * (only digits and slashes, slashes inserted, at most 10 characters), and the text counts only
 * when parseDisplayDate reads a real date that round-trips. The calendar works with value
 * objects: its value is the typed date as a CalendarDate, and a picked day is written back as
 * dd/mm/yyyy from the CalendarDate's ISO form (never from the locale-formatted valueAsString).
 * Days before `min` and after `max` ("yyyy-mm-dd", Cape Town) are disabled. The month heading
 * opens a month view and then a year view, so a date of birth decades back is three taps away.
 */
import { DatePicker, parseDate, useDatePickerContext } from "@ark-ui/react/date-picker";
import { Portal } from "@ark-ui/react/portal";
import { css, cx } from "styled-system/css";
import { CAPE_TOWN_TIME_ZONE, formatDisplayDate, parseDisplayDate, sanitiseDateInput, type IsoDate } from "#domain/time.ts";
import { FieldFrame } from "../../ui/Field.tsx";
import { CalendarIcon, ChevronRightIcon } from "../components/icons.tsx";

// Date and time side by side where both show whole (a 384 px phone and up: "dd/mm/yyyy" beside the
// calendar button, "10:00 AM" beside the clock), the date a little wider; one above the other below.
export const dateAndTime = css({
  display: "grid",
  gridTemplateColumns: "1fr",
  "@media (min-width: 24rem)": { gridTemplateColumns: "minmax(0, 1.15fr) minmax(0, 1fr)" },
  gap: "3",
  alignItems: "start",
});

// Touch targets: every button of the calendar is at least 44 x 44 px (Apple's and WCAG 2.5.5's size),
// where the screen allows it (the days, below).
const navButton = css({
  width: "11",
  height: "11",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: "full",
  color: "fg.default",
  cursor: "pointer",
  _hover: { bg: "bg.muted" },
  _disabled: { opacity: 0.3, cursor: "not-allowed", _hover: { bg: "transparent" } },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "1px" },
});

// The calendar button inside the date field: 44 px to tap, the whole height of the field, with the
// 40 px circle it always had drawn inside (a larger one would cover the field's border).
const fieldTrigger = css({
  position: "relative",
  width: "11",
  height: "11",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: "full",
  color: "fg.default",
  cursor: "pointer",
  _before: { content: '""', position: "absolute", inset: "0.5", borderRadius: "full", zIndex: "-1" },
  "&:hover::before": { bg: "bg.muted" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "-1px" },
});

// A day's side: 44 px wherever the month fits at that size (a 360 px phone and up), else a seventh of
// the screen less the popover's padding and border and the 8 px it keeps from each edge, so the
// month never scrolls sideways (38 px on a 320 px phone). The month and year views take the same width.
const daySize = css({ "--day-size": "min(2.75rem, calc((100vw - 3rem) / 7))" });

// The days touch (no gap between the cells): each button is the whole of its cell, so a thumb that
// lands between two numbers still hits one of them.
const dayButton = css({
  width: "var(--day-size)",
  height: "var(--day-size)",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: "full",
  fontSize: "sm",
  fontWeight: "500",
  cursor: "pointer",
  color: "fg.default",
  _hover: { bg: "brand.subtle" },
  "&[data-today]": { fontWeight: "800", color: "brand.text", textDecoration: "underline", textUnderlineOffset: "3px" },
  "&[data-selected]": { bg: "brand.solid", color: "white", _hover: { bg: "brand.solidHover" } },
  "&[data-disabled]": { color: "slate.300", cursor: "not-allowed", textDecoration: "line-through", _hover: { bg: "transparent" } },
  "&[data-outside-range]": { visibility: "hidden" },
  "&[data-focus]": { outline: "2px solid", outlineColor: "focusRing" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing" },
});

// Months and years: four to a row across the width of the day view, 44 px high.
const periodTable = css({ borderCollapse: "collapse", tableLayout: "fixed", width: "calc(var(--day-size) * 7)" });
const periodButton = css({
  width: "full",
  height: "11",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: "lg",
  fontSize: "sm",
  fontWeight: "500",
  cursor: "pointer",
  color: "fg.default",
  _hover: { bg: "brand.subtle" },
  "&[data-selected]": { bg: "brand.solid", color: "white", _hover: { bg: "brand.solidHover" } },
  "&[data-disabled]": { color: "slate.300", cursor: "not-allowed", _hover: { bg: "transparent" } },
  "&[data-focus]": { outline: "2px solid", outlineColor: "focusRing" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing" },
});

const viewTrigger = css({
  fontWeight: "650",
  minH: "11",
  px: "3",
  py: "1.5",
  borderRadius: "lg",
  cursor: "pointer",
  _hover: { bg: "bg.muted" },
  _focusVisible: { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "1px" },
});

/**
 * The heading that opens the wider view. Its name starts with what it shows ("January 2027"), so
 * what a speech-control user reads on it is what names it (WCAG 2.5.3), then what it does.
 */
function ViewTrigger({ does }: { does: string }) {
  const { start, end } = useDatePickerContext().visibleRangeText;
  const shown = [...new Set([start, end])].filter(Boolean).join(" - ");
  return (
    <DatePicker.ViewTrigger className={viewTrigger} aria-label={`${shown}: ${does}`}>
      <DatePicker.RangeText />
    </DatePicker.ViewTrigger>
  );
}

/** Previous / heading (to the wider view) / next, for the month and year views. */
function PeriodControl({ label }: { label: "year" | "decade" }) {
  return (
    <DatePicker.ViewControl className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", mb: "2", gap: "2" })}>
      <DatePicker.PrevTrigger className={navButton} aria-label={`Previous ${label}`}>
        <ChevronRightIcon className={css({ transform: "rotate(180deg)" })} />
      </DatePicker.PrevTrigger>
      <ViewTrigger does={label === "year" ? "choose the year" : "years"} />
      <DatePicker.NextTrigger className={navButton} aria-label={`Next ${label}`}>
        <ChevronRightIcon />
      </DatePicker.NextTrigger>
    </DatePicker.ViewControl>
  );
}

function toPickerValue(iso: IsoDate | null) {
  if (!iso) return [];
  try {
    return [parseDate(iso)];
  } catch {
    return [];
  }
}

export function DateField({
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  autoComplete = "off",
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  /** First selectable day, "yyyy-mm-dd". */
  min?: IsoDate;
  /** Last selectable day, "yyyy-mm-dd". */
  max?: IsoDate;
  autoComplete?: string;
  error?: string | undefined;
  hint?: string;
}) {
  const iso = parseDisplayDate(value);
  const minValue = toPickerValue(min ?? null)[0];
  const maxValue = toPickerValue(max ?? null)[0];

  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <div className={css({ position: "relative" })}>
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete={autoComplete}
            placeholder="dd/mm/yyyy"
            maxLength={10}
            value={value}
            onChange={(event) => onChange(sanitiseDateInput(event.target.value, value))}
            onBlur={onBlur}
            className={cx(control.className, css({ pl: "3", pr: "11", fontVariantNumeric: "tabular-nums" }))}
          />
          <DatePicker.Root
            // The picker works out the day it opens on (and focuses) once, from min and max: a new
            // range (the return's, once a pickup is chosen) starts it again, so it never opens on a
            // month where every day is out of range.
            key={`${min ?? ""}:${max ?? ""}`}
            value={toPickerValue(iso)}
            onValueChange={(details) => {
              const picked = details.value[0];
              if (picked) onChange(formatDisplayDate(picked.toString().slice(0, 10)));
            }}
            min={minValue}
            max={maxValue}
            timeZone={CAPE_TOWN_TIME_ZONE}
            locale="en-ZA"
            startOfWeek={1}
            closeOnSelect
            lazyMount
            unmountOnExit
            positioning={{ placement: "bottom-end", gutter: 6 }}
            className={css({ position: "absolute", top: "0", right: "0", bottom: "0", display: "flex", alignItems: "center", isolation: "isolate" })}
          >
            <DatePicker.Control>
              <DatePicker.Trigger className={fieldTrigger} aria-label={`Open calendar for ${label.toLowerCase()}`}>
                <CalendarIcon />
              </DatePicker.Trigger>
            </DatePicker.Control>
            <Portal>
              <DatePicker.Positioner className={css({ zIndex: "50" })}>
                <DatePicker.Content
                  className={cx(
                    daySize,
                    css({
                      bg: "bg.surface",
                      borderRadius: "2xl",
                      borderWidth: "1px",
                      borderColor: "border.default",
                      boxShadow: "raised",
                      p: "3",
                      _focusVisible: { outline: "none" },
                    }),
                  )}
                >
                  {/* Only the view on show is rendered: one grid of days, months or years at a time. */}
                  <DatePicker.Context>
                    {(api) =>
                      api.view === "day" ? (
                        <DatePicker.View view="day">
                          <>
                            <DatePicker.ViewControl className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", mb: "2" })}>
                              <DatePicker.PrevTrigger className={navButton} aria-label="Previous month">
                                <ChevronRightIcon className={css({ transform: "rotate(180deg)" })} />
                              </DatePicker.PrevTrigger>
                              <ViewTrigger does="choose month and year" />
                              <DatePicker.NextTrigger className={navButton} aria-label="Next month">
                                <ChevronRightIcon />
                              </DatePicker.NextTrigger>
                            </DatePicker.ViewControl>
                            <DatePicker.Table className={css({ borderCollapse: "collapse" })}>
                              <DatePicker.TableHead>
                                <DatePicker.TableRow>
                                  {api.weekDays.map((weekDay, index) => (
                                    <DatePicker.TableHeader key={index} className={css({ textStyle: "caption", color: "fg.muted", pb: "1" })}>
                                      {weekDay.narrow}
                                    </DatePicker.TableHeader>
                                  ))}
                                </DatePicker.TableRow>
                              </DatePicker.TableHead>
                              <DatePicker.TableBody>
                                {api.weeks.map((week, index) => (
                                  <DatePicker.TableRow key={index}>
                                    {week.map((day, dayIndex) => (
                                      <DatePicker.TableCell key={dayIndex} value={day} className={css({ p: "0" })}>
                                        <DatePicker.TableCellTrigger className={dayButton}>{day.day}</DatePicker.TableCellTrigger>
                                      </DatePicker.TableCell>
                                    ))}
                                  </DatePicker.TableRow>
                                ))}
                              </DatePicker.TableBody>
                            </DatePicker.Table>
                          </>
                        </DatePicker.View>
                      ) : api.view === "month" ? (
                        <DatePicker.View view="month">
                          <>
                            <PeriodControl label="year" />
                            <DatePicker.Table className={periodTable}>
                              <DatePicker.TableBody>
                                {api.getMonthsGrid({ columns: 4, format: "short" }).map((months, index) => (
                                  <DatePicker.TableRow key={index}>
                                    {months.map((month) => (
                                      <DatePicker.TableCell key={month.value} value={month.value} className={css({ p: "0.5" })}>
                                        <DatePicker.TableCellTrigger className={periodButton}>{month.label}</DatePicker.TableCellTrigger>
                                      </DatePicker.TableCell>
                                    ))}
                                  </DatePicker.TableRow>
                                ))}
                              </DatePicker.TableBody>
                            </DatePicker.Table>
                          </>
                        </DatePicker.View>
                      ) : (
                        <DatePicker.View view="year">
                          <>
                            <PeriodControl label="decade" />
                            <DatePicker.Table className={periodTable}>
                              <DatePicker.TableBody>
                                {api.getYearsGrid({ columns: 4 }).map((years, index) => (
                                  <DatePicker.TableRow key={index}>
                                    {years.map((year) => (
                                      <DatePicker.TableCell key={year.value} value={year.value} className={css({ p: "0.5" })}>
                                        <DatePicker.TableCellTrigger className={periodButton}>{year.label}</DatePicker.TableCellTrigger>
                                      </DatePicker.TableCell>
                                    ))}
                                  </DatePicker.TableRow>
                                ))}
                              </DatePicker.TableBody>
                            </DatePicker.Table>
                          </>
                        </DatePicker.View>
                      )
                    }
                  </DatePicker.Context>
                </DatePicker.Content>
              </DatePicker.Positioner>
            </Portal>
          </DatePicker.Root>
        </div>
      )}
    </FieldFrame>
  );
}
