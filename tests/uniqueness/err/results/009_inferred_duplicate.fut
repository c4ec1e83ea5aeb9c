-- A function returning its argument twice has no unique result.
-- ==
-- error: aliased to some other component

def both_ways 't (v: t) = (v, v)

def main (n: i64) : (*[]i64, *[]i64) = both_ways (map (* 2) (iota n))
