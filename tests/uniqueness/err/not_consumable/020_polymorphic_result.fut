-- Consuming the result of a polymorphic identity consumes its argument.
-- ==
-- error: Consuming variable "xs", which is not consumable

def pass 't (x: t) : t = x

def main (xs: []f32) : []f32 = pass xs with [0] = 0
