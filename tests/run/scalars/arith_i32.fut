-- i32 arithmetic: + - * wrap around on overflow; / and % round towards
-- negative infinity, // and %% towards zero.
-- ==
-- input { 7i32 2i32 }
-- output { 9i32 5i32 14i32 3i32 1i32 3i32 1i32 }
-- input { -7i32 2i32 }
-- output { -5i32 -9i32 -14i32 -4i32 1i32 -3i32 -1i32 }
-- input { 7i32 -2i32 }
-- output { 5i32 9i32 -14i32 -4i32 -1i32 -3i32 1i32 }
-- input { -7i32 -2i32 }
-- output { -9i32 -5i32 14i32 3i32 -1i32 3i32 -1i32 }
-- input { 2147483647i32 1i32 }
-- output { -2147483648i32 2147483646i32 2147483647i32 2147483647i32 0i32 2147483647i32 0i32 }
-- input { -2147483648i32 3i32 }
-- output { -2147483645i32 2147483645i32 -2147483648i32 -715827883i32 1i32 -715827882i32 -2i32 }
-- input { 2147483647i32 2147483647i32 }
-- output { -2i32 0i32 1i32 1i32 0i32 1i32 0i32 }
-- input { -9i32 3i32 }
-- output { -6i32 -12i32 -27i32 -3i32 0i32 -3i32 0i32 }
-- input { 0i32 -5i32 }
-- output { -5i32 5i32 0i32 0i32 0i32 0i32 0i32 }

def main (a: i32) (b: i32) : (i32, i32, i32, i32, i32, i32, i32) =
  (a + b, a - b, a * b, a / b, a % b, a // b, a %% b)
