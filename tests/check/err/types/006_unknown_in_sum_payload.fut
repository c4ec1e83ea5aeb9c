-- A constructor payload uses a type that was never defined.
-- ==
-- error: Unknown type "payload"
type msg = #data payload | #none
