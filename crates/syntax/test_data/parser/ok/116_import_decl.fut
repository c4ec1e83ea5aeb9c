-- Importing other files.
import "utils"
import "lib/github.com/example/sorting/merge_sort"
import "../shared/common"
def uses_import = 0
