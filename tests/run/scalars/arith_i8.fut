-- i8 arithmetic: + - * wrap around on overflow; / and % round towards
-- negative infinity, // and %% towards zero.
-- ==
-- input { 7i8 2i8 }
-- output { 9i8 5i8 14i8 3i8 1i8 3i8 1i8 }
-- input { -7i8 2i8 }
-- output { -5i8 -9i8 -14i8 -4i8 1i8 -3i8 -1i8 }
-- input { 7i8 -2i8 }
-- output { 5i8 9i8 -14i8 -4i8 -1i8 -3i8 1i8 }
-- input { -7i8 -2i8 }
-- output { -9i8 -5i8 14i8 3i8 -1i8 3i8 -1i8 }
-- input { 127i8 1i8 }
-- output { -128i8 126i8 127i8 127i8 0i8 127i8 0i8 }
-- input { -128i8 3i8 }
-- output { -125i8 125i8 -128i8 -43i8 1i8 -42i8 -2i8 }
-- input { 127i8 127i8 }
-- output { -2i8 0i8 1i8 1i8 0i8 1i8 0i8 }
-- input { -9i8 3i8 }
-- output { -6i8 -12i8 -27i8 -3i8 0i8 -3i8 0i8 }
-- input { 0i8 -5i8 }
-- output { -5i8 5i8 0i8 0i8 0i8 0i8 0i8 }

def main (a: i8) (b: i8) : (i8, i8, i8, i8, i8, i8, i8) =
  (a + b, a - b, a * b, a / b, a % b, a // b, a %% b)
