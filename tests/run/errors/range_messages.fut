-- Invalid inclusive, stepped and downwards ranges fail with upstream's
-- message, which writes the range as it appears in the source (a...b, a..b...c,
-- a..>b).
-- ==
-- entry: inclusive
-- input { 3i32 1i32 }
-- error: Range 3\.\.\.1 is invalid

-- ==
-- entry: stepped
-- input { 1i32 1i32 5i32 }
-- error: Range 1\.\.1\.\.\.5 is invalid
-- input { 1i32 2i32 0i32 }
-- error: Range 1\.\.2\.\.\.0 is invalid

-- ==
-- entry: downto
-- input { 1i32 3i32 }
-- error: Range 1\.\.>3 is invalid
-- input { 3i32 0i32 }
-- output { [3i32, 2i32, 1i32] }

entry inclusive (a: i32) (b: i32) = a...b

entry stepped (a: i32) (b: i32) (c: i32) = a..b...c

entry downto (a: i32) (b: i32) = a..>b
