-- A lambda parameter passed for a unique parameter must be declared unique.
-- ==
-- error: Consuming variable "v", which is not consumable

def reset (xs: *[]i32) : *[]i32 = xs with [0] = 0

def main (xss: [][]i32) : [][]i32 = map (\v -> reset v) xss
