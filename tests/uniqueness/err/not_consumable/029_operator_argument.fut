-- A user-defined operator consuming its left operand.
-- ==
-- error: Consuming variable "xs", which is not consumable

def (<+>) (xs: *[]i32) (x: i32) : *[]i32 = xs with [0] = x

def main (xs: []i32) : []i32 = xs <+> 1
