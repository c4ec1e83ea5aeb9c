-- Boolean literals with logical operators.
-- ==
def t = true
def f = false
def both = t && !f
def either : bool = f || both
