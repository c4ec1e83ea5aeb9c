-- i16 arithmetic: + - * wrap around on overflow; / and % round towards
-- negative infinity, // and %% towards zero.
-- ==
-- input { 7i16 2i16 }
-- output { 9i16 5i16 14i16 3i16 1i16 3i16 1i16 }
-- input { -7i16 2i16 }
-- output { -5i16 -9i16 -14i16 -4i16 1i16 -3i16 -1i16 }
-- input { 7i16 -2i16 }
-- output { 5i16 9i16 -14i16 -4i16 -1i16 -3i16 1i16 }
-- input { -7i16 -2i16 }
-- output { -9i16 -5i16 14i16 3i16 -1i16 3i16 -1i16 }
-- input { 32767i16 1i16 }
-- output { -32768i16 32766i16 32767i16 32767i16 0i16 32767i16 0i16 }
-- input { -32768i16 3i16 }
-- output { -32765i16 32765i16 -32768i16 -10923i16 1i16 -10922i16 -2i16 }
-- input { 32767i16 32767i16 }
-- output { -2i16 0i16 1i16 1i16 0i16 1i16 0i16 }
-- input { -9i16 3i16 }
-- output { -6i16 -12i16 -27i16 -3i16 0i16 -3i16 0i16 }
-- input { 0i16 -5i16 }
-- output { -5i16 5i16 0i16 0i16 0i16 0i16 0i16 }

def main (a: i16) (b: i16) : (i16, i16, i16, i16, i16, i16, i16) =
  (a + b, a - b, a * b, a / b, a % b, a // b, a %% b)
