-- Entry points follow the same rules.
-- ==
-- error: Consuming variable "xs", which is not consumable

entry update (xs: []i64) (i: i64) : []i64 = xs with [i] = 0
