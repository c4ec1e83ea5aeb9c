-- Decimal and exponent float literals with and without suffixes.
-- ==
def half = 0.5f16
def quarter = 2.25f32
def eighth = 3.125f64
def thousand = 1e3f32
def small = 2.5e-2
def larger : f64 = small * 4.0E2
