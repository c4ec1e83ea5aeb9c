-- Other operators may be defined.
-- ==
def (&&&) (a: bool) (b: bool) = a && b
def both (x: bool) = x &&& true
