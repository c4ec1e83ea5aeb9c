-- f64 arithmetic, min, max, negation, abs, ** and % (operands chosen so that
-- floor and truncating modulo agree).
-- ==
-- entry: main
-- input { 1.5f64 2.25f64 }
-- output { 3.75f64 -0.75f64 3.375f64 0.6666666666666666f64 1.5f64 2.25f64 -1.5f64 1.5f64 }
-- input { -3.0f64 0.5f64 }
-- output { -2.5f64 -3.5f64 -1.5f64 -6.0f64 -3.0f64 0.5f64 3.0f64 3.0f64 }
-- input { 10000000000.0f64 3.0f64 }
-- output { 10000000003.0f64 9999999997.0f64 30000000000.0f64 3333333333.3333335f64 3.0f64 10000000000.0f64 -10000000000.0f64 10000000000.0f64 }
-- input { 0.1f64 0.2f64 }
-- output { 0.30000000000000004f64 -0.1f64 0.020000000000000004f64 0.5f64 0.1f64 0.2f64 -0.1f64 0.1f64 }
-- input { 7.0f64 -2.0f64 }
-- output { 5.0f64 9.0f64 -14.0f64 -3.5f64 -2.0f64 7.0f64 -7.0f64 7.0f64 }

-- ==
-- entry: pow_mod
-- input { 2.0f64 10.0f64 }
-- output { 1024.0f64 2.0f64 }
-- input { 9.0f64 0.5f64 }
-- output { 3.0f64 0.0f64 }
-- input { 7.5f64 2.0f64 }
-- output { 56.25f64 1.5f64 }
-- input { 4.0f64 -0.5f64 }
-- output { 0.5f64 0.0f64 }

def main (a: f64) (b: f64) = (a + b, a - b, a * b, a / b, f64.min a b, f64.max a b, -a, f64.abs a)

entry pow_mod (a: f64) (b: f64) = (a ** b, a % b)
