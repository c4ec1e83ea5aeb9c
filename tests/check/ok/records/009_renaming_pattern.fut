-- Record patterns that bind fields to other names.
-- ==
def dist ({x = a, y = b}: {x: f64, y: f64}) = f64.sqrt (a * a + b * b)
def swap_fields {fst = a, snd = b} : {fst: bool, snd: bool} = {fst = b, snd = a}
