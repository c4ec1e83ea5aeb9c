-- Truncating division // and remainder %% on integers.
-- ==
def qr (x: i64) (y: i64) = (x // y, x %% y)
def r = qr (-7) 2
