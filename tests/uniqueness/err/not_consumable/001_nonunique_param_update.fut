-- A parameter without a unique type may not be updated in place.
-- ==
-- error: Consuming variable "grid", which is not consumable
-- related: parameter of non-unique type

def clear_corner (grid: [][]u8) : [][]u8 = grid with [0, 0] = 0
