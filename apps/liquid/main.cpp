// The `liquid` command (command_line.cpp does the work, so the fuzz harness can run it too).
#include "command.hpp"

int main(int argc, char** argv) {
    liquid::app::end_at_once_when_out_of_budget();
    return liquid::app::run_command_line(argc, argv);
}
