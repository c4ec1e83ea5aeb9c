-- A documentation comment documents the next declaration also when a
-- blank line or ordinary comments come between them.

def first = 1i32

-- | The module type of counters.

-- (An ordinary comment.)
local module type counter = {
  type t
}

-- | The second number.

def second = first + 1
