/** Display of delivery and collection jobs (kept apart from format.ts, so only the screens that show jobs load the handover rules). */
import {
  FAILURE_REASON_LABELS,
  HANDOVER_KIND_LABELS,
  HANDOVER_STATE_LABELS,
  type FailureReason,
  type HandoverKind,
  type HandoverState,
} from "#domain/handover.ts";

export function handoverKindLabel(kind: HandoverKind): string {
  return HANDOVER_KIND_LABELS[kind];
}

export function handoverStateLabel(state: HandoverState): string {
  return HANDOVER_STATE_LABELS[state];
}

/** Job state badges: scheduled grey, on the way blue, done green, failed red. */
export function handoverStateTone(state: HandoverState): "grey" | "blue" | "green" | "red" {
  switch (state) {
    case "en_route":
      return "blue";
    case "done":
      return "green";
    case "failed":
      return "red";
    default:
      return "grey";
  }
}

/** "Customer absent", "Licence does not match", "Other"; "Reason not given" when missing. */
export function failureReasonLabel(reason: FailureReason | null | undefined): string {
  return reason ? FAILURE_REASON_LABELS[reason] : "Reason not given";
}
