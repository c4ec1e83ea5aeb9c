-- A top-level constant may not be passed for a unique parameter.
-- ==
-- error: Consuming variable "zeros", which is not consumable

def zeros : []f64 = replicate 10 0

def bump (xs: *[]f64) : *[]f64 = xs with [0] = 1

def main (b: bool) : []f64 = if b then bump zeros else []
