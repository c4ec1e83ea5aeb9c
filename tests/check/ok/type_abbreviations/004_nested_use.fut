-- Abbreviations defined in terms of other abbreviations.
-- ==
type coord = i64
type cell = (coord, coord)
type path [n] = [n]cell
def start : path [1] = [(0, 0)]
