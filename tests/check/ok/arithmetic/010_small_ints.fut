-- Arithmetic on i16 with a literal adopting the operand type.
-- ==
def f (x: i16) (y: i16) : i16 = x * y + 1
def g (x: u16) = x - 1
