-- A user-defined operator consuming its left operand.
-- ==

def (<+>) (xs: *[]i32) (x: i32) : *[]i32 = xs with [0] = xs[0] + x

def main (xs: *[]i32) : []i32 = xs <+> 1 <+> 2
