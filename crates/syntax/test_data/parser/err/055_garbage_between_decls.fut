-- stray tokens between two valid declarations
def one = 1
, ; ->
def two = 2
