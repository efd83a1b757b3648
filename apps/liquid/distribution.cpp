// The process's distribution (distribution.hpp): one process unless liquid-mpi says otherwise.
#include "distribution.hpp"

namespace liquid::app {

Distribution& distribution() {
    static Distribution d;
    return d;
}

}  // namespace liquid::app
