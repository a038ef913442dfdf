/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup tsq
 * Sets one ns3::TsqTcpSocket attribute from the command line through
 * Config::SetDefault and creates a socket through TsqTcpSocketFactory on a
 * node with an Internet stack. A valid value prints "accepted NAME=VALUE";
 * an invalid one ends the program with the socket's own message, which
 * names the value and the allowed range (CTest checks both, see
 * CMakeLists.txt).
 *
 *   tsq-bad-attribute --attr=InitialPacingShift --value=40
 */

#include "ns3/config.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/node.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tsq-command-line.h"
#include "ns3/tsq-tcp-socket-factory.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string attr = "InitialPacingShift";
    std::string value = "10";
    TsqCommandLine cmd(__FILE__);
    cmd.AddValue("attr", "ns3::TsqTcpSocket attribute name", attr);
    cmd.AddValue("value", "its value", value);
    if (std::string error = cmd.Parse(argc, argv); !error.empty())
    {
        std::cerr << error << std::endl;
        return 2;
    }

    Config::SetDefault("ns3::TsqTcpSocket::" + attr, StringValue(value));

    Ptr<Node> node = CreateObject<Node>();
    InternetStackHelper stack;
    stack.Install(node);
    TsqTcpSocketFactory::Install(node);
    Ptr<Socket> socket = Socket::CreateSocket(node, TsqTcpSocketFactory::GetTypeId());
    StringValue got;
    socket->GetAttribute(attr, got);
    std::cout << "accepted " << attr << "=" << got.Get() << std::endl;
    return 0;
}
